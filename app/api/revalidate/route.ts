import { isValidSignature, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { parseBody } from "next-sanity/webhook";
import { revalidateTag } from "next/cache";
import type { NextRequest } from "next/server";
import { documentTag, webhookBodySchema } from "@/lib/content/revalidate-webhook";
import { contentBackend } from "@/lib/env/env";
import { serverEnv } from "@/lib/env/server-env";

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { "cache-control": "no-store" } });

/**
 * Sanity GROQ-powered webhook: a signed POST for a changed landing document revalidates that market's page.
 * Works the same on the embedded dataset (sign the body with SANITY_REVALIDATE_SECRET).
 */
export async function POST(request: NextRequest) {
  const env = serverEnv();
  const secret = env.SANITY_REVALIDATE_SECRET;
  if (!secret) {
    console.error("[revalidate] SANITY_REVALIDATE_SECRET is not set; refusing webhook calls");
    return json(500, { error: "SANITY_REVALIDATE_SECRET is not configured" });
  }
  const raw = request.clone();
  let parsed: Awaited<ReturnType<typeof parseBody>>;
  try {
    // Only the Content Lake needs a moment to become consistent before the page re-reads it.
    parsed = await parseBody(request, secret, contentBackend(env) === "sanity");
  } catch {
    // parseBody parses the body after checking the signature: an unsigned caller learns nothing about the body.
    const signature = raw.headers.get(SIGNATURE_HEADER_NAME);
    const signed = signature !== null && (await isValidSignature(await raw.text(), signature, secret.trim()));
    return signed ? json(400, { error: "Body is not valid JSON" }) : json(401, { error: "Invalid signature" });
  }
  if (!parsed.isValidSignature) return json(401, { error: "Invalid signature" });

  const body = webhookBodySchema.safeParse(parsed.body);
  if (!body.success) return json(400, { error: "Expected {_type: 'landingPage', market}", fields: Object.fromEntries(body.error.issues.map((i) => [i.path.join("."), i.message])) });

  const tags = [documentTag(body.data.market)];
  // Stale-while-revalidate: the next visitor still gets the last good page while it re-renders in the
  // background, and if the content source fails then, visitors keep that page (the failure is logged).
  for (const tag of tags) revalidateTag(tag, "max");
  console.info(`[revalidate] ${tags.join(", ")} (${body.data._id ?? body.data._type})`);
  return json(200, { revalidated: tags, now: Date.now() });
}
