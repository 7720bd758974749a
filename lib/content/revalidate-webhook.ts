import { decodeSignatureHeader, encodeSignatureHeader } from "@sanity/webhook";
import { LRUCache } from "lru-cache";
import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { CAMPAIGN_LIST_TAG, campaignTag } from "../campaign/campaign-tags";
import { EXPERIMENTS_TAG } from "../experiments/experiment-tags";
import { MARKETS } from "../markets/markets";

/**
 * What the Sanity webhook sends (projection `{_type, _id, market}`). A market's privacy notice renders inside its
 * landing page and shares the page's cache tag, so either document revalidates that one page (and the market's
 * campaign pages, which render it too). A campaign page needs its id: its page has a tag of its own. An experiment
 * needs no market (its page has one): any change to one refreshes the running list and every variant's page.
 */
export const webhookBodySchema = z
  .object({
    _type: z.enum(["landingPage", "privacyNotice", "campaignPage", "experiment"]),
    _id: z.string().min(1).optional(),
    market: z.enum(MARKETS).optional(),
  })
  .refine((body) => body._type !== "campaignPage" || body._id !== undefined, {
    path: ["_id"],
    message: "a campaign page's id is required",
  })
  .refine((body) => body._type === "experiment" || body.market !== undefined, {
    path: ["market"],
    message: "a page's market is required",
  });

/** The tag of exactly the changed document: one market's landing page. */
export const documentTag = (market: (typeof MARKETS)[number]) => `landingPage:${market}`;

/**
 * What a changed document refreshes. A campaign page: its own page and the list of published slugs, so publishing,
 * unpublishing (Sanity calls on delete too) and a new slug all reach routing and the sitemap.
 */
export function webhookTags(body: z.infer<typeof webhookBodySchema>): string[] {
  if (body._type === "campaignPage") return [campaignTag(body._id!), CAMPAIGN_LIST_TAG];
  if (body._type === "experiment") return [EXPERIMENTS_TAG];
  return [documentTag(body.market!)];
}

/** A projected landing document is a few hundred bytes; even a whole document is far below this. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;

/** How far a signature's timestamp may be from now: Sanity signs at delivery, so a valid call is seconds old. */
export const SIGNATURE_MAX_AGE_MS = 5 * 60_000;

export type WebhookVerdict = "valid" | "invalid" | "stale" | "replayed";

// Signatures accepted within the window, so a captured call cannot be replayed while it is still recent.
// (Per process; the window bounds what a replay to another instance could achieve.)
const accepted = new LRUCache<string, true>({ max: 10_000, ttl: SIGNATURE_MAX_AGE_MS });

/**
 * Checks the `sanity-webhook-signature` header (`t=<ms>,v1=<HMAC-SHA256 of "t.body">`): well-formed, recent, made
 * with our secret — compared in constant time — and not seen before.
 */
export async function verifyWebhookSignature(
  body: string,
  header: string | null,
  secret: string,
  now = Date.now(),
): Promise<WebhookVerdict> {
  let timestamp: number;
  let given: string;
  let expected: string;
  try {
    ({ timestamp, hashedPayload: given } = decodeSignatureHeader(header ?? ""));
    // Throws on what could never have been signed: an empty body, a timestamp before 2021.
    expected = (await encodeSignatureHeader(body, timestamp, secret.trim())).split(",v1=")[1]!;
  } catch {
    return "invalid";
  }
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return "invalid";
  // Judged only once the signature is ours: an attacker cannot forge a fresh timestamp without the secret.
  if (Math.abs(now - timestamp) > SIGNATURE_MAX_AGE_MS) return "stale";
  if (accepted.has(given)) return "replayed";
  accepted.set(given, true);
  return "valid";
}
