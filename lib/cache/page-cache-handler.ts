// Next's incremental cache (rendered pages and `unstable_cache` data, with their tags) in a Redis every instance
// shares, through @fortedigital/nextjs-cache-handler: a webhook received by any instance expires the tagged page for
// all of them. next.config.ts configures this handler only for a build made with PAGE_CACHE=redis; any other build
// keeps Next's own cache (the platform's where one is installed, as on Vercel, else the file system).
//
// The Redis is PAGE_CACHE_REDIS_URL, never REDIS_URL: a cache is meant to be evicted under memory pressure, and the
// records in REDIS_URL (spent proofs, rate limits, email caps) must never be (see docs/deploy.md).
//
// Loaded by the Next server itself, outside the app's bundles, so imports carry their `.ts` extension.
import { CacheHandler } from "@fortedigital/nextjs-cache-handler";
import { ioredisAdapter } from "@fortedigital/nextjs-cache-handler/helpers/ioredisAdapter";
import createLruHandler from "@fortedigital/nextjs-cache-handler/local-lru";
import createRedisHandler from "@fortedigital/nextjs-cache-handler/redis-strings";
import { readServerEnv } from "../env/env.ts";
import { log } from "../logging/logger.ts";
import { connectRedis } from "../redis/redis-client.ts";

// The build renders into its output folder as usual, whatever the environment; Redis is filled at run time.
const building = process.env.NEXT_PHASE === "phase-production-build";

CacheHandler.onCreation(({ buildId }) => {
  const url = building ? undefined : readServerEnv().PAGE_CACHE_REDIS_URL;
  if (!url) {
    // A production server refuses to start with PAGE_CACHE=redis and no URL; a server started without PAGE_CACHE
    // (this build reused for one instance) keeps pages in its own memory, and says so.
    if (!building)
      log.warn(
        "page_cache.unshared",
        "This build shares its page cache through Redis, but PAGE_CACHE_REDIS_URL is unset: this instance caches pages in its own memory, and a webhook refreshes them on the instance it reaches only",
      );
    return { handlers: [createLruHandler()] };
  }
  const client = connectRedis(url, "page-cache");
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
  // Keyed by build: a deploy never serves pages rendered by the previous build (their scripts are gone). Next reads the
  // build's id for the copy it loads; the copy compiled into proxy.ts (its reads of the campaign list) is created
  // without it, and gets the same id from next.config.ts, inlined. One key space, so a webhook reaches both.
  const build = buildId ?? process.env.PAGE_CACHE_BUILD_ID ?? "dev";
  return {
    handlers: [
      createRedisHandler({
        client: ioredisAdapter(client),
        keyPrefix: `page-cache:${build}:`,
        timeoutMs: 1000,
      }),
    ],
  };
});

export default CacheHandler;
