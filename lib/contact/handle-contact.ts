import { isIP } from "node:net";
import { contactRequestSchema, fieldErrors } from "./contact-schema";
import { readCappedBody } from "../../supabase/functions/_shared/capped-body";
import { clientAddress, rateLimitKey } from "../http/client-ip";
import { marketUrl } from "../markets/site-urls";
import type { Market } from "../markets/markets";
import { metaBrowserIds } from "../meta/browser-ids";
import type { LeadVisit } from "../meta/conversion-reporter";
import type { RateLimiter } from "./rate-limiter";
import { LeadRejectedError, StoreUnavailableError, type Lead, type SubmissionsStore } from "./submissions-store-contract";

/** Bodies above this are refused before parsing: a real lead is well under 2 KB. */
export const MAX_BODY_BYTES = 8 * 1024;

export type ContactDeps = {
  /** Resolves the store lazily, so opening it (PGlite: seconds) happens on the first submission, once. */
  store: () => Promise<SubmissionsStore>;
  limiter: RateLimiter;
  /** Reports the conversion of a stored lead; must not delay the response (the route wraps it in `after()`). */
  report: (lead: Lead, visit: LeadVisit) => void;
  /** Whether Meta's browser ids may travel with this market's conversion, given the request's cookies (consent). */
  mayTrack: (market: Market, cookieHeader: string | null) => Promise<boolean>;
  siteUrl: string;
};

const json = (status: number, body: unknown, headers?: Record<string, string>) =>
  Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });

/** An http(s) URL on the site's origin (its configured URL, or the host this request reached). */
function isOwnUrl(url: string, request: Request, siteUrl: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, origin, host } = new URL(url);
  if (protocol !== "https:" && protocol !== "http:") return false;
  if (origin === new URL(siteUrl).origin) return true;
  const ownHost = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  return ownHost !== null && host === ownHost;
}

/**
 * A browser POST from another site is refused. Requests without Origin (servers, curl) are not cross-site
 * browser requests; an opaque origin ("null": sandboxed frames, file://) is never ours.
 */
function sameOrigin(request: Request, siteUrl: string): boolean {
  const origin = request.headers.get("origin");
  return origin === null || isOwnUrl(origin, request, siteUrl);
}

/**
 * What Meta needs about the visit: the page the lead was sent from (the form's Referer, which our
 * Referrer-Policy sends in full to our own origin; the market's page when absent or foreign), the browser,
 * the address, and Meta's browser ids where the visitor allowed tracking.
 */
function leadVisit(request: Request, siteUrl: string, market: Market, client: string | undefined, tracking: boolean): LeadVisit {
  const referer = request.headers.get("referer");
  const pageUrl = referer && isOwnUrl(referer, request, siteUrl) ? referer : marketUrl(siteUrl, market);
  return {
    pageUrl,
    userAgent: request.headers.get("user-agent")?.slice(0, 1024) || null,
    ip: client && isIP(client) ? client : null,
    ...(tracking ? metaBrowserIds(request.headers.get("cookie"), pageUrl) : {}),
  };
}

/** POST /api/contact: validates, stores once per submissionId, and answers with a status the form acts on. */
export async function handleContact(request: Request, deps: ContactDeps): Promise<Response> {
  if (request.method !== "POST") return json(405, { error: "Use POST" }, { allow: "POST" });
  const mediaType = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") return json(415, { error: "Send the lead as application/json" });

  const bytes = await readCappedBody(request, MAX_BODY_BYTES);
  if (bytes === null) return json(413, { error: `Body over ${MAX_BODY_BYTES} bytes` });

  if (!sameOrigin(request, deps.siteUrl)) return json(403, { error: "Cross-site submissions are not accepted" });

  const client = clientAddress(request.headers);
  // Requests without a valid client address share one bucket: dropping or garbling the header must not escape the limit.
  const limit = await deps.limiter.hit(rateLimitKey(client) ?? "unknown-client");
  if (!limit.allowed) return json(429, { error: "Too many submissions, try again later" }, { "retry-after": String(limit.retryAfter) });

  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return json(400, { error: "Body is not valid JSON" });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return json(400, { error: "Body must be a JSON object" });

  const parsed = contactRequestSchema.safeParse(body);
  if (!parsed.success) return json(422, { error: "Some fields are invalid", fields: fieldErrors(parsed.error) });

  const { website, submissionId, ...fields } = parsed.data;
  // A filled honeypot is a bot: it gets the same answer as a person, and nothing is kept.
  if (website) return json(201, { ok: true });

  const lead: Lead = { ...fields, id: submissionId };
  try {
    const store = await deps.store();
    await store.insert(lead);
  } catch (error) {
    if (error instanceof LeadRejectedError) {
      console.error("[leads] the database refused a value of", error.field);
      return json(422, { error: "Some fields are invalid", fields: { [error.field]: "Refused by the database" } });
    }
    if (error instanceof StoreUnavailableError) {
      console.error("[leads] store unavailable:", error.message, error.cause instanceof Error ? error.cause.message : "");
      return json(503, { error: "We could not save your request right now, please try again" }, { "retry-after": "5" });
    }
    console.error("[leads] unexpected failure storing a lead:", error instanceof Error ? error.message : error);
    return json(500, { error: "Unexpected error" });
  }
  // Also for a duplicate: the attempt that stored it may have timed out before it could report, and Meta
  // deduplicates on the event id (the submission id).
  const tracking = await deps.mayTrack(lead.market, request.headers.get("cookie"));
  deps.report(lead, leadVisit(request, deps.siteUrl, lead.market, client, tracking));
  return json(201, { ok: true });
}
