import "server-only";
import { createClient } from "@sanity/client";
import { createHash, timingSafeEqual } from "node:crypto";
import type { RateLimiter } from "../contact/rate-limiter";
import type { ServerEnv } from "../env/env";

/**
 * Who may read the results: a member of the Sanity project, by the token their Studio holds (checked against Sanity's
 * `GET /users/me` on the project's API host, or SANITY_API_HOST where set), or a script with RESULTS_READ_TOKEN.
 * Anything else gets no figures.
 */
export type Reader = { kind: "token" } | { kind: "studio"; userId: string };

/** A member's token is checked with Sanity once a minute at most (per token, held only as its hash). */
const MEMBER_CACHE_MS = 60_000;
const members = new Map<string, { userId: string; until: number }>();

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Equal strings, compared in constant time (as hashes, so their lengths leak nothing either). */
export const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** The bearer token of an Authorization header; undefined without one. */
export function bearerToken(headers: Headers): string | undefined {
  const match = /^Bearer\s+(\S{1,4096})\s*$/i.exec(headers.get("authorization") ?? "");
  return match?.[1];
}

type SanityUser = { id?: unknown; roles?: unknown; role?: unknown };

/**
 * Sanity's answer for the token's user: a member of this project has an id and at least one role in it (Sanity answers
 * `{}` to a token it does not know, 401 to a revoked one).
 */
async function sanityMember(env: ServerEnv, token: string): Promise<string | undefined> {
  const client = createClient({
    projectId: env.NEXT_PUBLIC_SANITY_PROJECT_ID!,
    apiVersion: env.NEXT_PUBLIC_SANITY_API_VERSION,
    useCdn: false,
    token,
    timeout: env.SANITY_TIMEOUT_MS,
    maxRetries: 1,
    ...(env.SANITY_API_HOST ? { apiHost: env.SANITY_API_HOST, useProjectHostname: false } : {}),
  });
  const user = await client.request<SanityUser>({ uri: "/users/me", tag: "results.reader" }).catch(() => undefined);
  const roles = Array.isArray(user?.roles) ? user.roles : [];
  const member = roles.length > 0 || (typeof user?.role === "string" && user.role !== "");
  return typeof user?.id === "string" && member ? user.id : undefined;
}

/** Checks of tokens with Sanity, per client (the `results-sign-in` bucket); the client's address when known. */
export type SignInLimit = { limiter: RateLimiter; client: string | undefined };

/**
 * The reader a request's bearer token names; undefined (answered 401); or how long to wait (answered 429) when the
 * client has had its tokens checked with Sanity too often: each check is a request to Sanity's API, so made-up tokens
 * must not make the server send one per request. A member's check is given back, so only unknown tokens count.
 */
export async function resultsReader(
  headers: Headers,
  env: ServerEnv,
  signIn: SignInLimit,
  now = Date.now(),
): Promise<Reader | { retryAfter: number } | undefined> {
  const token = bearerToken(headers);
  if (!token) return undefined;
  if (env.RESULTS_READ_TOKEN && sameSecret(token, env.RESULTS_READ_TOKEN)) return { kind: "token" };
  const key = digest(token).toString("base64url");
  const cached = members.get(key);
  if (cached && cached.until > now) return { kind: "studio", userId: cached.userId };
  if (!env.NEXT_PUBLIC_SANITY_PROJECT_ID) return undefined;
  const limit = await signIn.limiter.hit(signIn.client);
  if (!limit.allowed) return { retryAfter: limit.retryAfter };
  const userId = await sanityMember(env, token);
  if (!userId) return undefined;
  await signIn.limiter.refund(signIn.client);
  if (members.size > 1000) members.clear();
  members.set(key, { userId, until: now + MEMBER_CACHE_MS });
  return { kind: "studio", userId };
}
