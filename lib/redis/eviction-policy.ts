import type { ServerEnv } from "../env/env";
import { log } from "../logging/logger";
import { connectRedis } from "./redis-client";

/** What INFO says of a Redis server that matters here: how it frees memory, and which process it is. */
export type RedisFacts = { policy?: string; runId?: string };

/** `maxmemory_policy` and `run_id` from the text of INFO (one `field:value` per line). */
export function parseRedisInfo(info: string): RedisFacts {
  const field = (name: string) => new RegExp(`^${name}:(.*)$`, "m").exec(info)?.[1]?.trim();
  return { policy: field("maxmemory_policy"), runId: field("run_id") };
}

/**
 * The problems in how the two Redis servers free memory, each a warning naming why: the records (REDIS_URL) must never
 * be evicted, so only `noeviction` keeps them; the page cache (PAGE_CACHE_REDIS_URL) must be, or once it is full pages
 * stop being cached; and one server for both (two URLs naming it differently) is what the page cache's own Redis is
 * for avoiding.
 */
export function evictionWarnings(records?: RedisFacts, pages?: RedisFacts): { event: WarningEvent; msg: string }[] {
  const warnings: { event: WarningEvent; msg: string }[] = [];
  if (records?.policy && records.policy !== "noeviction") {
    warnings.push({
      event: "redis.evicts_records",
      msg: `The Redis of REDIS_URL evicts keys when its memory is full (maxmemory-policy ${records.policy}): spent proofs, rate-limit counts and email caps could be dropped, and a spent proof accepted again. Set maxmemory-policy noeviction on it (the page cache has a Redis of its own, PAGE_CACHE_REDIS_URL)`,
    });
  }
  if (pages?.policy === "noeviction") {
    warnings.push({
      event: "redis.page_cache_not_evicting",
      msg: "The Redis of PAGE_CACHE_REDIS_URL never evicts (maxmemory-policy noeviction): once its memory is full, pages are rendered per request instead of cached. Set maxmemory and maxmemory-policy allkeys-lru on it",
    });
  }
  if (records?.runId && records.runId === pages?.runId) {
    warnings.push({
      event: "redis.shared_by_page_cache",
      msg: "PAGE_CACHE_REDIS_URL and REDIS_URL reach the same Redis server: the page cache would evict spent proofs and rate-limit counts when memory runs short, or block their writes. Give the page cache a Redis of its own",
    });
  }
  return warnings;
}

type WarningEvent = "redis.evicts_records" | "redis.page_cache_not_evicting" | "redis.shared_by_page_cache";

/** Once the Redis at `url` answers (now, or when it is back), its facts; its own connection, closed afterwards. */
async function factsOf(url: string, purpose: string): Promise<RedisFacts> {
  const client = connectRedis(url, purpose);
  try {
    if (client.status !== "ready") await new Promise((resolve) => client.once("ready", resolve));
    return parseRedisInfo(await client.info());
  } catch (error) {
    // A managed Redis may refuse INFO: nothing to warn about then, but say that it could not be checked.
    log.info("redis.policy_unknown", "Could not read how a Redis frees memory (INFO refused)", {
      purpose,
      reason: error instanceof Error ? error.message : String(error),
    });
    return {};
  } finally {
    client.disconnect();
  }
}

/**
 * At start, once per process: reads how each configured Redis frees memory and logs each problem once (a warning; the
 * static mistake, both URLs naming one server, already stops a production server). Resolves when both were read.
 */
export async function checkRedisEviction(env: Pick<ServerEnv, "REDIS_URL" | "PAGE_CACHE_REDIS_URL">): Promise<void> {
  const records = env.REDIS_URL ? factsOf(env.REDIS_URL, "eviction-check") : undefined;
  const pages = env.PAGE_CACHE_REDIS_URL ? factsOf(env.PAGE_CACHE_REDIS_URL, "eviction-check") : undefined;
  // Each is reported as soon as it is known, so one Redis that never answers does not hide the other's problem.
  const [recordFacts, pageFacts] = await Promise.all([
    records?.then((facts) => (report(evictionWarnings(facts, undefined)), facts)),
    pages?.then((facts) => (report(evictionWarnings(undefined, facts)), facts)),
  ]);
  report(evictionWarnings(recordFacts, pageFacts).filter((w) => w.event === "redis.shared_by_page_cache"));
}

function report(warnings: { event: WarningEvent; msg: string }[]): void {
  for (const { event, msg } of warnings) log.warn(event, msg);
}
