import "server-only";
import { clientIpHeader, countingEnabled } from "../env/env";
import { serverEnv } from "../env/server-env";
import { beforeExit } from "../health/exit-hooks";
import { log } from "../logging/logger";
import { sharedRedis } from "../contact/rate-limiter";
import { CountBuffer } from "./count-buffer";
import { getCountsStore } from "./counts-store";
import type { DropReason } from "./handle-beacon";
import { MemoryVisitorCounter, RedisVisitorCounter, type VisitorCounter } from "./visitor-counter";

type Counting = {
  buffer: CountBuffer | undefined;
  visitors: VisitorCounter | undefined;
  drops: Map<DropReason, number>;
};

// One per process, on globalThis: instrumentation.ts and the route are bundled apart, and the buffer a stopping server
// flushes must be the one the route filled.
const holder = globalThis as typeof globalThis & { __counting?: Counting };

/** How often dropped beacons are summed up in the log: a flood of bots is one line a minute, not one per request. */
const DROP_LOG_MS = 60_000;

/**
 * This process's counting: the buffer (written every COUNTS_FLUSH_SECONDS and when the server stops) and the visitors'
 * short-lived store — Redis where REDIS_URL is set (every instance shares each day's salt and hashes), else this
 * process's memory; none without a trusted client address (CLIENT_IP_HEADER), so visitors are reported as unavailable
 * rather than everyone counted as one.
 */
export function counting(): Counting {
  if (holder.__counting) return holder.__counting;
  const env = serverEnv();
  const store = countingEnabled(env) ? getCountsStore(env) : undefined;
  const visitors =
    !store || !clientIpHeader(env)
      ? undefined
      : env.REDIS_URL
        ? new RedisVisitorCounter(sharedRedis(env.REDIS_URL))
        : new MemoryVisitorCounter();
  const buffer = store ? new CountBuffer(store, visitors, { flushMs: env.COUNTS_FLUSH_SECONDS * 1000 }) : undefined;
  if (buffer) beforeExit("flush", () => buffer.flush());
  const drops = new Map<DropReason, number>();
  setInterval(() => {
    if (drops.size === 0) return;
    log.info("visits.dropped", "Beacons that counted nothing in the last minute, by reason", Object.fromEntries(drops));
    drops.clear();
  }, DROP_LOG_MS).unref();
  holder.__counting = { buffer, visitors, drops };
  return holder.__counting;
}

export function noteDrop(reason: DropReason): void {
  const { drops } = counting();
  drops.set(reason, (drops.get(reason) ?? 0) + 1);
}
