import { isIP } from "node:net";
import { deviceClass } from "../analytics/slices";
import { cleanAttribution, withoutClickIds } from "../attribution/campaign-touch";
import { noticeVersion } from "../consent/consent-cookie";
import { allowsTracking, type ConsentState } from "#edge/consent-state";
import { contactRequestSchema, fieldErrors } from "./contact-schema";
import type { FollowUp, FollowUpLead } from "../conversation/next-steps";
import { readCappedBody } from "#edge/capped-body";
import { clientAddress } from "../http/client-ip";
import { log } from "../logging/logger";
import { tagRequest } from "../logging/request-context";
import { marketUrl } from "../markets/site-urls";
import type { Market } from "../markets/markets";
import { metaBrowserIds } from "../meta/browser-ids";
import type { LeadVisit } from "../meta/conversion-reporter";
import { inSpan } from "../telemetry/spans";
import type { ProofVerdict } from "../proof-of-work/proof-challenge";
import type { HeldReason } from "./held-reasons";
import type { RateDecision, RateLimiter } from "./rate-limiter";
import {
  LeadRejectedError,
  StoreUnavailableError,
  type InsertOutcome,
  type Lead,
  type LeadsStore,
} from "./leads-store-contract";

/**
 * Bodies above this are refused before parsing: a real lead is well under 2 KB, and its attribution (two touches at
 * every limit of lib/attribution/campaign-touch.ts, in three-byte characters) under 24 KB.
 */
export const MAX_BODY_BYTES = 32 * 1024;

export type ContactDeps = {
  /** Resolves the store lazily, so opening it (PGlite: seconds) happens on the first submission, once. */
  store: () => Promise<LeadsStore>;
  /** Proven leads, per client and per /48. */
  limiter: RateLimiter;
  /**
   * Each kind of traffic in buckets of its own (see intake-limits.ts): requests refused for their content, held leads
   * per client and per hour, and the global ceiling on proven leads, which never refuses one.
   */
  limiters: { invalid: RateLimiter; held: RateLimiter; heldPerHour: RateLimiter; ceiling: RateLimiter };
  /** Checks (and spends) the request's proof of work; with CONTACT_PROOF=off every lead counts as proven. */
  proof: (proof: unknown) => Promise<ProofVerdict>;
  /** Reports the conversion of a stored lead; must not delay the response (the route wraps it in `after()`). */
  report: (lead: Lead, visit: LeadVisit) => void;
  /**
   * Tells sales about a newly stored lead (email, webhook) and what it was told; must not delay the response either.
   */
  alert: (lead: Lead, followUp?: FollowUp) => void;
  /** Records a newly stored held lead for the next summary to sales (see lib/alerts/intake-summary.ts). */
  hold: (lead: Lead & { held: HeldReason }) => void;
  /** What the visitor is told after sending: the reference, when sales will call, the booking and WhatsApp links. */
  followUp?: (lead: FollowUpLead) => Promise<FollowUp>;
  /**
   * Emails the lead its confirmation; only for a newly stored lead that passed the proof. `client` is the sender's
   * address, which may use only a share of the site's hourly budget. Must not delay the response.
   */
  confirm?: (lead: Lead, followUp: FollowUp, client: string | undefined) => void;
  /**
   * The visitor's tracking consent for the market, from the request's cookies and the notice version they were shown.
   */
  consent: (market: Market, cookieHeader: string | null, noticeVersion: string | null) => Promise<ConsentState>;
  /**
   * The experiment variant the visitor was shown on the lead's page (`/mx`, `/mx/<slug>`), from the request's cookies,
   * or '' (see lib/experiments/exposure.ts); none: leads carry no variant.
   */
  variant?: (page: string, cookieHeader: string | null) => Promise<string>;
  /** This site's origin (NEXT_PUBLIC_SITE_URL). */
  siteUrl: string;
  /** A request header whose value also counts as this site's host (see `ownHostHeader`); none: only `siteUrl`. */
  hostHeader?: string;
};

const json = (status: number, body: unknown, headers?: Record<string, string>) =>
  Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });

/**
 * An http(s) URL on the site's origin: its configured URL, or a host named by the one header the deployment
 * trusts for it. A header the client can write (X-Forwarded-Host without a proxy that sets it) never counts, or a
 * script on another site could name itself our host and choose the page and click id reported for its leads.
 */
function isOwnUrl(
  url: string,
  request: Request,
  { siteUrl, hostHeader }: Pick<ContactDeps, "siteUrl" | "hostHeader">,
): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, origin, host } = new URL(url);
  if (protocol !== "https:" && protocol !== "http:") return false;
  if (origin === new URL(siteUrl).origin) return true;
  // A list (proxies appending) ends with the entry our own proxy wrote.
  const ownHost = hostHeader ? request.headers.get(hostHeader)?.split(",").at(-1)?.trim().toLowerCase() : undefined;
  return Boolean(ownHost) && host === ownHost;
}

/**
 * A POST from our own pages: browsers send Origin with every form and fetch POST, so one without it is a script,
 * and one from another site (or an opaque "null": sandboxed frames, file://) is never ours.
 */
export function fromOwnPage(request: Request, deps: Pick<ContactDeps, "siteUrl" | "hostHeader">): boolean {
  const origin = request.headers.get("origin");
  return origin !== null && isOwnUrl(origin, request, deps);
}

const tooMany = (limit: Extract<RateDecision, { allowed: false }>) =>
  json(429, { error: "Too many submissions, try again later" }, { "retry-after": String(limit.retryAfter) });

/**
 * What Meta needs about the visit: the page the lead was sent from (the form's Referer, which our
 * Referrer-Policy sends in full to our own origin; the market's page when absent or foreign), the browser, and —
 * only where the visitor allowed tracking — the address, Meta's browser ids and the page's click ids.
 */
function leadVisit(
  request: Request,
  deps: ContactDeps,
  market: Market,
  client: string | undefined,
  tracking: boolean,
): LeadVisit {
  const referer = request.headers.get("referer");
  const page = referer && isOwnUrl(referer, request, deps) ? referer : marketUrl(deps.siteUrl, market);
  const pageUrl = tracking ? page : withoutClickIds(page);
  return {
    pageUrl,
    userAgent: request.headers.get("user-agent")?.slice(0, 1024) || null,
    ip: tracking && client && isIP(client) ? client : null,
    ...(tracking ? metaBrowserIds(request.headers.get("cookie"), pageUrl) : {}),
  };
}

/** A field's name as the form sends it: never a key the client made up, which could hold anything. */
const FIELD_NAME = /^[A-Za-z]{1,32}$/;

/** An invalid lead's lines still carry its id and market where those two parts are valid. */
function tagValidParts(body: Record<string, unknown>, invalid: Record<string, string>): void {
  const { submissionId, market } = body;
  tagRequest({
    ...(typeof submissionId === "string" && !("submissionId" in invalid) && { leadId: submissionId }),
    ...(typeof market === "string" && !("market" in invalid) && { market }),
  });
}

/** POST /api/contact: validates, stores once per submissionId, and answers with a status the form acts on. */
export async function handleContact(request: Request, deps: ContactDeps): Promise<Response> {
  if (request.method !== "POST") return json(405, { error: "Use POST" }, { allow: "POST" });
  const mediaType = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") return json(415, { error: "Send the lead as application/json" });

  const bytes = await readCappedBody(request, MAX_BODY_BYTES);
  if (bytes === null) return json(413, { error: `Body over ${MAX_BODY_BYTES} bytes` });

  if (!fromOwnPage(request, deps))
    return json(403, { error: "Cross-site submissions, and submissions without an Origin header, are not accepted" });

  const client = clientAddress(request.headers);
  // A request refused for what it contains is counted in a bucket of its own: garbage never spends what leads share.
  const refuse = async (answer: Response) => {
    const limit = await deps.limiters.invalid.hit(client);
    return limit.allowed ? answer : tooMany(limit);
  };

  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return refuse(json(400, { error: "Body is not valid JSON" }));
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return refuse(json(400, { error: "Body must be a JSON object" }));

  const parsed = contactRequestSchema.safeParse(body);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    tagValidParts(body as Record<string, unknown>, fields);
    log.info("lead.refused", "Lead refused: some fields are invalid", {
      by: "validation",
      fields: Object.keys(fields).filter((name) => FIELD_NAME.test(name)),
    });
    return refuse(json(422, { error: "Some fields are invalid", fields }));
  }

  const { website, submissionId, attribution, noticeVersion: shown, proof, ...fields } = parsed.data;
  tagRequest({ leadId: submissionId, market: fields.market });
  // A filled honeypot is a bot: it gets the same answer as a person, and nothing is kept.
  if (website) {
    log.info("lead.discarded", "Lead discarded: the honeypot field was filled");
    return refuse(json(201, { ok: true, ...(await deps.followUp?.({ ...fields, id: submissionId })) }));
  }

  const verdict = await deps.proof(proof);
  let held: HeldReason | undefined;
  if (verdict.ok) {
    const limit = await deps.limiter.hit(client);
    if (!limit.allowed) return tooMany(limit);
    // Above the ceiling a proven lead is still taken: what the ceiling bounds is the alerts and conversions.
    if (!(await deps.limiters.ceiling.hit(undefined)).allowed) held = "over_ceiling";
  } else {
    for (const limiter of [deps.limiters.held, deps.limiters.heldPerHour]) {
      const limit = await limiter.hit(client);
      if (!limit.allowed) return tooMany(limit);
    }
    held = verdict.reason;
  }

  const version = noticeVersion(shown);
  const consent = await deps.consent(fields.market, request.headers.get("cookie"), version);
  const tracking = allowsTracking(consent);
  const page = fields.page ? `/${fields.market}/${fields.page}` : `/${fields.market}`;
  const variant = (await deps.variant?.(page, request.headers.get("cookie")).catch(() => "")) || undefined;
  const lead: Lead = {
    ...fields,
    id: submissionId,
    attribution: cleanAttribution(attribution, {
      clickIds: tracking,
      isOwnPage: (url) => isOwnUrl(url, request, deps),
    }),
    consent,
    noticeVersion: version,
    ...(held && { held }),
    ...(variant && { variant }),
    device: deviceClass(request.headers),
  };
  let outcome: InsertOutcome;
  try {
    outcome = await inSpan("lead.store", {}, async (span) => {
      const stored = await storeKeepingTheLead(await deps.store(), lead);
      span.setAttribute("lead.outcome", stored);
      return stored;
    });
    log.info("lead.stored", outcome === "duplicate" ? "Lead already stored (a retry)" : "Lead stored", {
      duplicate: outcome === "duplicate",
      consent,
      ...(held && { held }),
    });
  } catch (error) {
    if (error instanceof LeadRejectedError) {
      log.warn("lead.refused", `Lead refused: the database refused the value of ${error.field}`, {
        by: "database",
        fields: [error.field],
      });
      return json(422, { error: "Some fields are invalid", fields: { [error.field]: "Refused by the database" } });
    }
    if (error instanceof StoreUnavailableError) {
      log.error("lead.store_unavailable", "Lead not stored: the store is unavailable, the visitor was asked to retry", {
        err: error,
      });
      return json(503, { error: "We could not save your request right now, please try again" }, { "retry-after": "5" });
    }
    log.error("lead.store_failed", "Lead not stored: unexpected failure", { err: error });
    return json(500, { error: "Unexpected error" });
  }
  // A stored lead is reported, held or not: the call says whether this request passed every check, and the function
  // withholds a held one. A duplicate is reported only when this request passed them too: the attempt that stored it
  // may have timed out before it could report (Meta deduplicates on the submission id), but a row written with the
  // project's key under an id posted here again must not become a conversion. Sales is told once, by the attempt
  // that stored it: at once, or in the next summary when held.
  if (outcome === "stored" || !lead.held) deps.report(lead, leadVisit(request, deps, lead.market, client, tracking));
  const followUp = await deps.followUp?.(lead);
  if (outcome === "stored") {
    if (lead.held) deps.hold({ ...lead, held: lead.held });
    else deps.alert(lead, followUp);
  }
  // The lead's own email goes only to a newly stored lead that passed the browser's proof and is not held.
  if (outcome === "stored" && followUp && !lead.held) deps.confirm?.(lead, followUp, client);
  return json(201, { ok: true, ...followUp });
}

/**
 * Inserts the lead; if the database refuses only its attribution (the checks mirror the route's cleaning, so this
 * means the two drifted apart), the lead is stored without it rather than lost.
 */
async function storeKeepingTheLead(store: LeadsStore, lead: Lead): Promise<InsertOutcome> {
  try {
    return await store.insert(lead);
  } catch (error) {
    if (!(error instanceof LeadRejectedError) || error.field !== "attribution") throw error;
    log.warn("lead.attribution_dropped", "The database refused the lead's attribution: stored without it");
    lead.attribution = {};
    return store.insert(lead);
  }
}
