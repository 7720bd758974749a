import { defineEnableDraftMode } from "next-sanity/draft-mode";
import { draftMode } from "next/headers";
import { redirect } from "next/navigation";
import { getRateLimiter } from "@/lib/contact/rate-limiter";
import { sanityClient } from "@/lib/content/sanity-client";
import { contentBackend } from "@/lib/env/env";
import { serverEnv } from "@/lib/env/server-env";
import { clientAddress } from "@/lib/http/client-ip";
import { safeRedirectPath } from "@/lib/preview/safe-redirect";
import { secretsMatch } from "@/lib/preview/secret";

const NO_STORE = { "cache-control": "no-store" };
const refuse = (reason: string) => new Response(reason, { status: 401, headers: NO_STORE });

/** How Next's redirect() ends a route: thrown, with this digest. The enable route's way of saying "valid". */
const isRedirect = (error: unknown) =>
  typeof (error as { digest?: unknown } | null)?.digest === "string" &&
  (error as { digest: string }).digest.startsWith("NEXT_REDIRECT");

/**
 * Turns draft preview on. With Sanity, the Presentation tool's one-time secret is validated against the
 * Content Lake with the read token. With the embedded dataset there is no Studio to vouch for the caller:
 * development allows it freely, production only with DRAFT_MODE_SECRET. Outside development, guesses are rate
 * limited per client like contact submissions, on both backends (with Sanity each one is an uncached Content Lake
 * query); a right secret gives its attempt back, so only wrong ones count.
 */
export async function GET(request: Request) {
  const env = serverEnv();
  const url = new URL(request.url);
  const sanity = contentBackend(env) === "sanity";
  if (sanity && !env.SANITY_API_READ_TOKEN) return refuse("Draft preview needs SANITY_API_READ_TOKEN");
  const limited = process.env.NODE_ENV !== "development";
  const limiter = getRateLimiter("draft-mode");
  const client = clientAddress(request.headers);
  if (limited) {
    const limit = await limiter.hit(client);
    if (!limit.allowed)
      return new Response("Too many attempts, try again later", {
        status: 429,
        headers: { ...NO_STORE, "retry-after": String(limit.retryAfter) },
      });
  }
  if (sanity) {
    // The Studio's secret also vouches for the path it sends; it still lands only on a path of this site.
    const pathname = url.searchParams.get("sanity-preview-pathname");
    if (pathname !== null) url.searchParams.set("sanity-preview-pathname", safeRedirectPath(pathname));
    const { GET: enable } = defineEnableDraftMode({
      client: sanityClient().withConfig({ token: env.SANITY_API_READ_TOKEN }),
    });
    try {
      return await enable(new Request(url, request));
    } catch (error) {
      if (limited && isRedirect(error)) await limiter.refund(client);
      throw error;
    }
  }
  if (limited) {
    if (!secretsMatch(url.searchParams.get("secret"), env.DRAFT_MODE_SECRET))
      return refuse("Invalid or missing secret");
    await limiter.refund(client);
  }
  (await draftMode()).enable();
  redirect(safeRedirectPath(url.searchParams.get("redirect") ?? url.searchParams.get("sanity-preview-pathname")));
}
