import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { E2E_SECRETS } from "../../../scripts/lib/e2e-secrets";

/** The test servers' webhook secret (playwright.config.ts). */
export const REVALIDATE_SECRET: string = E2E_SECRETS.SANITY_REVALIDATE_SECRET;

/** What can POST to a test server: Playwright's `request` fixture, or tests/support/servers/http-request.ts. */
type Poster<R> = { post(url: string, options: { data: string; headers: Record<string, string> }): Promise<R> };

/** Calls /api/revalidate as Sanity's webhook does after a publish: the body, signed. */
export async function revalidateWebhook<R>(request: Poster<R>, body: unknown, secret = REVALIDATE_SECRET): Promise<R> {
  const payload = JSON.stringify(body);
  const signature = await encodeSignatureHeader(payload, Date.now(), secret);
  return request.post("/api/revalidate", {
    data: payload,
    headers: { "content-type": "application/json", [SIGNATURE_HEADER_NAME]: signature },
  });
}
