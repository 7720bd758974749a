import { SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { revalidateTag } from "next/cache";
import type { NextRequest } from "next/server";
import {
  MAX_WEBHOOK_BYTES,
  verifyWebhookSignature,
  webhookBodySchema,
  webhookTags,
} from "@/lib/content/revalidate-webhook";
import { contentBackend } from "@/lib/env/env";
import { serverEnv } from "@/lib/env/server-env";
import { log } from "@/lib/logging/logger";
import { readCappedBody } from "#edge/capped-body";

const json = (status: number, body: unknown) =>
  Response.json(body, { status, headers: { "cache-control": "no-store" } });

/** The Content Lake's queries may lag a publish by a moment; the page re-reads only after this. */
const CONTENT_LAKE_SETTLE_MS = 3000;

/**
 * Sanity GROQ-powered webhook: a signed POST for a changed landing document revalidates that market's page, for a
 * campaign page that page and the list of campaign pages.
 * Works the same on the embedded dataset (sign the body with SANITY_REVALIDATE_SECRET).
 */
export async function POST(request: NextRequest) {
  const env = serverEnv();
  const secret = env.SANITY_REVALIDATE_SECRET;
  if (!secret) {
    log.error("revalidate.unconfigured", "SANITY_REVALIDATE_SECRET is not set: refusing webhook calls");
    return json(500, { error: "SANITY_REVALIDATE_SECRET is not configured" });
  }
  const bytes = await readCappedBody(request, MAX_WEBHOOK_BYTES);
  if (bytes === null) return json(413, { error: `Body over ${MAX_WEBHOOK_BYTES} bytes` });
  const text = new TextDecoder().decode(bytes);

  // The signature is checked before the body is parsed: an unsigned caller learns nothing about the body.
  const verdict = await verifyWebhookSignature(text, request.headers.get(SIGNATURE_HEADER_NAME), secret);
  if (verdict === "invalid") return json(401, { error: "Invalid signature" });
  if (verdict === "stale")
    return json(401, { error: "Signature timestamp is not recent; webhook calls cannot be replayed" });
  if (verdict === "replayed") return json(409, { error: "This webhook call was already processed" });

  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return json(400, { error: "Body is not valid JSON" });
  }
  const body = webhookBodySchema.safeParse(parsed);
  if (!body.success)
    return json(400, {
      error: "Expected {_type: 'landingPage' | 'privacyNotice' | 'campaignPage' | 'experiment', _id, market}",
      fields: Object.fromEntries(body.error.issues.map((i) => [i.path.join("."), i.message])),
    });

  if (contentBackend(env) === "sanity") await new Promise((resolve) => setTimeout(resolve, CONTENT_LAKE_SETTLE_MS));
  const tags = webhookTags(body.data);
  // Stale-while-revalidate: the next visitor still gets the last good page while it re-renders in the
  // background, and if the content source fails then, visitors keep that page (the failure is logged).
  for (const tag of tags) revalidateTag(tag, "max");
  log.info("revalidate.done", `Revalidated ${tags.join(", ")}`, { tags, document: body.data._id ?? body.data._type });
  return json(200, { revalidated: tags, now: Date.now() });
}
