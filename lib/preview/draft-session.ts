import { createHmac, timingSafeEqual } from "node:crypto";
import { contentBackend, type ServerEnv } from "../env/env";

/** Next's draft-mode cookie: its value is the build's preview id, which only Next's own render can check. */
export const DRAFT_MODE_COOKIE = "__prerender_bypass";

/**
 * Set beside Next's cookie by our enable route: the proof that this site opened the draft session, which proxy.ts can
 * check before it routes an address to the draft-preview route. Next's cookie alone proves nothing to the proxy (the
 * proxy cannot see the build's preview id), and anyone can send a cookie of that name.
 */
export const DRAFT_SESSION_COOKIE = "__draft_session";

/**
 * The secret that guards turning draft mode on, on this backend: the Presentation tool's secrets are checked with
 * SANITY_API_READ_TOKEN, the embedded dataset's with DRAFT_MODE_SECRET. Whoever holds it can open a draft session
 * anyway, so it may sign one. None: draft mode cannot be turned on in production, and no session is valid.
 */
function sessionKey(env: ServerEnv): string | undefined {
  return contentBackend(env) === "sanity" ? env.SANITY_API_READ_TOKEN : env.DRAFT_MODE_SECRET;
}

/** The value of DRAFT_SESSION_COOKIE for a draft-mode cookie's value. */
export function draftSessionProof(draftModeCookie: string, key: string): string {
  return createHmac("sha256", key).update(`draft-session:${draftModeCookie}`).digest("base64url");
}

/** The companion cookie for the draft-mode cookie Next has just set, or undefined when no key is configured. */
export function draftSessionCookieValue(draftModeCookie: string | undefined, env: ServerEnv): string | undefined {
  const key = sessionKey(env);
  return draftModeCookie && key ? draftSessionProof(draftModeCookie, key) : undefined;
}

/**
 * Whether a request belongs to a draft session this site opened: Next's cookie and its proof, signed with the key.
 * `next dev` keeps no page cache, so there the cookie's presence is enough (its enable route needs no secret).
 */
export function isDraftSession(
  cookies: { get(name: string): { value: string } | undefined },
  env: ServerEnv,
  dev = process.env.NODE_ENV === "development",
): boolean {
  const draft = cookies.get(DRAFT_MODE_COOKIE)?.value;
  if (!draft) return false;
  if (dev) return true;
  const expected = draftSessionCookieValue(draft, env);
  const given = cookies.get(DRAFT_SESSION_COOKIE)?.value;
  if (!expected || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
