import { isLoopbackHost } from "./env-rules.ts";
import type { ServerEnv } from "./server-schema.ts";

/** A Redis server as a URL names it: its host (lower-cased) and port, whatever the database number or credentials. */
function redisServer(url: URL): string {
  return `${url.hostname.toLowerCase()}:${url.port || "6379"}`;
}

/**
 * Why a production server must not start with these Redis settings. Whoever can write to a Redis changes the pages
 * every instance serves (the page cache) or lets spent proofs through (the records), so each needs a password and, to
 * another machine, TLS. The page cache has a Redis of its own: a cache is meant to be evicted when memory runs short,
 * and in the Redis of the records that eviction would drop spent proofs and rate-limit counts (or, with noeviction,
 * block their writes).
 */
export function redisProblems(env: ServerEnv): string[] {
  const problems: string[] = [];
  for (const name of ["REDIS_URL", "PAGE_CACHE_REDIS_URL"] as const) {
    const value = env[name];
    if (!value) continue;
    const url = new URL(value);
    if (!url.password && !env.REDIS_ALLOW_PLAINTEXT) {
      problems.push(
        `${name} has no password, and whoever can write to that Redis changes the pages every instance serves or the records that bound leads: put the password in the URL (rediss://default:<password>@host:6379), or set REDIS_ALLOW_PLAINTEXT=1 if only your servers can reach it on a private network`,
      );
    }
    if (url.protocol === "redis:" && !isLoopbackHost(url.hostname) && !env.REDIS_ALLOW_PLAINTEXT) {
      problems.push(
        `${name} is redis:// to another machine, which sends its password and what it stores in clear: use rediss:// (TLS), or set REDIS_ALLOW_PLAINTEXT=1 if only your servers can reach it on a private network`,
      );
    }
  }
  if (env.PAGE_CACHE === "redis" && !env.PAGE_CACHE_REDIS_URL) {
    problems.push(
      "PAGE_CACHE=redis shares the page cache through Redis, and PAGE_CACHE_REDIS_URL is unset: set it to a Redis of the page cache's own (maxmemory-policy allkeys-lru), or build and start without PAGE_CACHE",
    );
  }
  if (
    env.PAGE_CACHE_REDIS_URL &&
    env.REDIS_URL &&
    redisServer(new URL(env.PAGE_CACHE_REDIS_URL)) === redisServer(new URL(env.REDIS_URL))
  ) {
    problems.push(
      "PAGE_CACHE_REDIS_URL and REDIS_URL name the same Redis server, where the page cache would evict spent proofs and rate-limit counts when memory runs short (or block their writes under noeviction): give the page cache a Redis of its own",
    );
  }
  return problems;
}
