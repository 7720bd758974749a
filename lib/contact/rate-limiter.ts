import { LRUCache } from "lru-cache";
import type { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { serverEnv } from "../env/server-env";
import { log } from "../logging/logger";
import { connectRedis } from "../redis/redis-client";

export type RateDecision = { allowed: true } | { allowed: false; retryAfter: number };

/** Decides whether a client may submit now. */
export interface RateLimiter {
  /** `retryAfter` is in whole seconds. */
  hit(client: string): Promise<RateDecision>;
}

const WINDOW_MS = 60_000;
/** Clients remembered at once in memory: a flood of distinct (spoofed) clients evicts the oldest, never grows. */
const MAX_CLIENTS = 50_000;

/**
 * A fixed one-minute window per client, counted in this process's memory. An LRU bounds it by entries
 * (`maxClients`) and by time (an entry lives one window). `limit` 0 disables it.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows: LRUCache<string, { count: number }>;

  constructor(
    private readonly limit: number,
    { windowMs = WINDOW_MS, maxClients = MAX_CLIENTS, now }: { windowMs?: number; maxClients?: number; now?: () => number } = {},
  ) {
    // The window starts at a client's first hit and is not extended by later ones (noUpdateTTL).
    this.windows = new LRUCache({ max: maxClients, ttl: windowMs, noUpdateTTL: true, ttlResolution: 0, ...(now && { perf: { now } }) });
  }

  async hit(client: string): Promise<RateDecision> {
    return this.hitNow(client);
  }

  /** The synchronous core, also used as the fallback while a shared store is unreachable. */
  hitNow(client: string): RateDecision {
    if (this.limit === 0) return { allowed: true };
    const window = this.windows.get(client);
    if (!window) {
      this.windows.set(client, { count: 1 });
      return { allowed: true };
    }
    if (window.count >= this.limit) return { allowed: false, retryAfter: Math.max(1, Math.ceil(this.windows.getRemainingTTL(client) / 1000)) };
    window.count++;
    return { allowed: true };
  }

  /** Clients currently remembered. */
  get size(): number {
    return this.windows.size;
  }
}

/**
 * The window counted in Redis, shared by every instance (an atomic Lua increment with expiry, through
 * rate-limiter-flexible). While Redis is unreachable each instance counts on its own in memory, so an outage
 * never blocks leads; one warning is logged per outage, and counting is shared again once Redis answers.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly shared: RateLimiterRedis;
  private readonly fallback: MemoryRateLimiter;
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    limit: number,
    { windowMs = WINDOW_MS, keyPrefix = "contact-rate" }: { windowMs?: number; keyPrefix?: string } = {},
  ) {
    this.shared = new RateLimiterRedis({ storeClient: redis, points: limit, duration: windowMs / 1000, keyPrefix, rejectIfRedisNotReady: true });
    this.fallback = new MemoryRateLimiter(limit, { windowMs });
  }

  async hit(client: string): Promise<RateDecision> {
    try {
      await this.shared.consume(client);
      this.recovered();
      return { allowed: true };
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) {
        this.recovered();
        return { allowed: false, retryAfter: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)) };
      }
      if (!this.degraded) {
        this.degraded = true;
        // The reason only: never the client's address.
        log.warn("rate_limit.shared_unavailable", "Redis unavailable: counting per instance until it is back", { reason: outcome instanceof Error ? outcome.message : String(outcome) });
      }
      return this.fallback.hitNow(client);
    }
  }

  private recovered() {
    if (!this.degraded) return;
    this.degraded = false;
    log.info("rate_limit.shared_restored", "Redis is back: counting is shared across instances again");
  }
}

const holder = globalThis as typeof globalThis & { __rateLimiter?: RateLimiter };

/**
 * The one place that picks where submissions are counted: Redis when `REDIS_URL` is set (every instance shares
 * the count), else this process's memory. One per process; `instrumentation.ts` builds it at start so Redis is
 * connected before the first submission.
 */
export function getRateLimiter(): RateLimiter {
  if (holder.__rateLimiter) return holder.__rateLimiter;
  const env = serverEnv();
  const limit = env.CONTACT_RATE_LIMIT_PER_MINUTE;
  holder.__rateLimiter = env.REDIS_URL && limit > 0 ? new RedisRateLimiter(connectRedis(env.REDIS_URL, "contact-rate-limit"), limit) : new MemoryRateLimiter(limit);
  return holder.__rateLimiter;
}
