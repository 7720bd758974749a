import { after } from "next/server";
import { sendDueSummaries } from "@/lib/alerts/intake-summary";
import { fromOwnPage } from "@/lib/contact/handle-contact";
import { getRateLimiter } from "@/lib/contact/rate-limiter";
import { clientAddress } from "@/lib/http/client-ip";
import { ownHostHeader } from "@/lib/env/env";
import { serverEnv } from "@/lib/env/server-env";
import { issueContactChallenge } from "@/lib/proof-of-work/contact-proof";
import { observedRequest } from "@/lib/telemetry/observed-request";

export const runtime = "nodejs";

const json = (status: number, body: unknown, headers?: Record<string, string>) =>
  Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });

/** POST /api/contact/challenge: a proof-of-work challenge for the form, from our own pages only, limited per client. */
export function POST(request: Request): Promise<Response> {
  after(() => sendDueSummaries());
  return observedRequest(request, "contact.challenge", async () => {
    const env = serverEnv();
    if (!fromOwnPage(request, { siteUrl: env.NEXT_PUBLIC_SITE_URL, hostHeader: ownHostHeader(env) }))
      return json(403, { error: "Challenges are given to this site's own pages only" });
    const limit = await getRateLimiter("contact-challenge").hit(clientAddress(request.headers));
    if (!limit.allowed)
      return json(429, { error: "Too many challenges, try again later" }, { "retry-after": String(limit.retryAfter) });
    return json(200, await issueContactChallenge());
  });
}
