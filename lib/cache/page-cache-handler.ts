// Next's incremental cache (rendered pages and `unstable_cache` data, with their tags). Loaded by the Next server
// itself, outside the app's bundles (next.config.ts `cacheHandler`), so imports carry their `.ts` extension.
//
// With REDIS_URL set, every instance reads and writes one cache in Redis through @fortedigital/nextjs-cache-handler:
// a webhook received by any instance expires the tagged page for all of them. Unset (and while building), it is
// what Next picks with no handler configured: the platform's cache where one is installed (Vercel), else Next's
// file-system cache.
import { createRequire } from "node:module";
import { CacheHandler } from "@fortedigital/nextjs-cache-handler";
import { ioredisAdapter } from "@fortedigital/nextjs-cache-handler/helpers/ioredisAdapter";
import createRedisHandler from "@fortedigital/nextjs-cache-handler/redis-strings";
import { readServerEnv } from "../env/env.ts";
import { log } from "../logging/logger.ts";
import { connectRedis } from "../redis/redis-client.ts";

type FileSystemCacheClass = typeof import("next/dist/server/lib/incremental-cache/file-system-cache").default;
const FileSystemCache: FileSystemCacheClass = createRequire(import.meta.url)(
  "next/dist/server/lib/incremental-cache/file-system-cache.js",
).default;

type Context = ConstructorParameters<FileSystemCacheClass>[0];
const platform = globalThis as typeof globalThis & {
  [key: symbol]: { FetchCache?: new (ctx: Context) => object } | undefined;
};

/** Next's own choice, made per cache like Next makes it (the platform installs its cache at run time). */
class NextDefaultCache {
  constructor(ctx: Context) {
    const Chosen = platform[Symbol.for("@next/cache-handlers")]?.FetchCache ?? FileSystemCache;
    // A constructor that returns an object hands Next that instance.
    return new Chosen(ctx);
  }
}

// The build renders into .next as usual, whatever the environment; Redis is filled at run time.
const building = process.env.NEXT_PHASE === "phase-production-build";
const redisUrl = building ? undefined : readServerEnv().REDIS_URL;

CacheHandler.onCreation(({ buildId }) => {
  const client = connectRedis(redisUrl!, "page-cache");
  let down = false;
  client.on("error", (error: Error) => {
    if (down) return;
    down = true;
    log.warn("page_cache.shared_unavailable", "Redis unavailable: pages are rendered per request until it is back", {
      reason: error.message,
    });
  });
  client.on("ready", () => {
    if (down) log.info("page_cache.shared_restored", "Redis is back: the page cache is shared again");
    down = false;
  });
  // Keyed by build: a deploy never serves pages rendered by the previous build (their scripts are gone).
  return {
    handlers: [
      createRedisHandler({
        client: ioredisAdapter(client),
        keyPrefix: `page-cache:${buildId ?? "dev"}:`,
        timeoutMs: 1000,
      }),
    ],
  };
});

export default redisUrl ? CacheHandler : NextDefaultCache;
