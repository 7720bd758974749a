import { defineEnableDraftMode } from "next-sanity/draft-mode";
import { cookies, draftMode } from "next/headers";
import { redirect } from "next/navigation";
import { getRateLimiter } from "@/lib/contact/rate-limiter";
import { sanityClient } from "@/lib/content/sanity-client";
import { contentBackend } from "@/lib/env/env";
import { serverEnv } from "@/lib/env/server-env";
import { clientAddress } from "@/lib/http/client-ip";
import { DRAFT_MODE_COOKIE, DRAFT_SESSION_COOKIE, draftSessionCookieValue } from "@/lib/preview/draft-session";
import { safeRedirectPath } from "@/lib/preview/safe-redirect";
import { secretsMatch } from "@/lib/preview/secret";

const NO_STORE = { "cache-control": "no-store" };
const refuse = (reason: string) => new Response(reason, { status: 401, headers: NO_STORE });

/** How Next's redirect() ends a route: thrown, with this digest. The enable route's way of saying "valid". */
const isRedirect = (error: unknown) =>
  typeof (error as { digest?: unknown } | null)?.digest === "string" &&
  (error as { digest: string }).digest.startsWith("NEXT_REDIRECT");

/**
 * Beside the draft-mode cookie Next (or next-sanity) has just set, and with the same attributes, the proof that this
 * site opened the session (lib/preview/draft-session.ts), which proxy.ts checks before it routes a draft preview.
 */
async function signDraftSession(env: ReturnType<typeof serverEnv>, request: Request) {
  const store = await cookies();
  const draft = store.get(DRAFT_MODE_COOKIE);
  const value = draftSessionCookieValue(draft?.value, env);
  if (!value) return;
  const secure = process.env.NODE_ENV !== "development";
  store.set({
    name: DRAFT_SESSION_COOKIE,
    value,
    httpOnly: true,
    path: "/",
    secure,
    sameSite: secure ? "none" : "lax",
    // As next-sanity sets its own for the Presentation tool's frame on another site (CHIPS).
    partitioned:
      secure &&
      request.headers.get("sec-fetch-dest") === "iframe" &&
      request.headers.get("sec-fetch-site") === "cross-site",
  });
}

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
      if (isRedirect(error)) {
        if (limited) await limiter.refund(client);
        await signDraftSession(env, request);
      }
      throw error;
    }
  }
  if (limited) {
    if (!secretsMatch(url.searchParams.get("secret"), env.DRAFT_MODE_SECRET))
      return refuse("Invalid or missing secret");
    await limiter.refund(client);
  }
  (await draftMode()).enable();
  await signDraftSession(env, request);
  redirect(safeRedirectPath(url.searchParams.get("redirect") ?? url.searchParams.get("sanity-preview-pathname")));
}
