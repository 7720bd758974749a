import { defineEnableDraftMode } from "next-sanity/draft-mode";
import { draftMode } from "next/headers";
import { redirect } from "next/navigation";
import { sanityClient } from "@/lib/content/sanity-client";
import { contentBackend } from "@/lib/env/env";
import { serverEnv } from "@/lib/env/server-env";
import { safeRedirectPath } from "@/lib/preview/safe-redirect";
import { secretsMatch } from "@/lib/preview/secret";

const refuse = (reason: string) => new Response(reason, { status: 401, headers: { "cache-control": "no-store" } });

/**
 * Turns draft preview on. With Sanity, the Presentation tool's one-time secret is validated against the
 * Content Lake with the read token. With the embedded dataset there is no Studio to vouch for the caller:
 * development allows it freely, production only with DRAFT_MODE_SECRET.
 */
export async function GET(request: Request) {
  const env = serverEnv();
  if (contentBackend(env) === "sanity") {
    if (!env.SANITY_API_READ_TOKEN) return refuse("Draft preview needs SANITY_API_READ_TOKEN");
    const { GET: enable } = defineEnableDraftMode({ client: sanityClient().withConfig({ token: env.SANITY_API_READ_TOKEN }) });
    return enable(request);
  }
  const url = new URL(request.url);
  const allowed = process.env.NODE_ENV === "development" || secretsMatch(url.searchParams.get("secret"), env.DRAFT_MODE_SECRET);
  if (!allowed) return refuse("Invalid or missing secret");
  (await draftMode()).enable();
  redirect(safeRedirectPath(url.searchParams.get("redirect") ?? url.searchParams.get("sanity-preview-pathname")));
}
