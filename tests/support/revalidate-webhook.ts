import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import type { APIRequestContext } from "@playwright/test";
import { E2E_SECRETS } from "./e2e-secrets";

/** The test servers' webhook secret (playwright.config.ts). */
export const REVALIDATE_SECRET: string = E2E_SECRETS.SANITY_REVALIDATE_SECRET;

/** Calls /api/revalidate as Sanity's webhook does after a publish: the body, signed. */
export async function revalidateWebhook(request: APIRequestContext, body: unknown, secret = REVALIDATE_SECRET) {
  const payload = JSON.stringify(body);
  const signature = await encodeSignatureHeader(payload, Date.now(), secret);
  return request.post("/api/revalidate", {
    data: payload,
    headers: { "content-type": "application/json", [SIGNATURE_HEADER_NAME]: signature },
  });
}
