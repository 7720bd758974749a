import { LRUCache } from "lru-cache";
import type { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { serverEnv } from "../env/server-env";
import { log } from "../logging/logger";
import { rateLimitKey, rateLimitNetworkKey } from "../http/client-ip";
import { connectRedis } from "../redis/redis-client";
import { limitsFor, type RateLimitPurpose, type RateLimits } from "./intake-limits";

export type { RateLimitPurpose, RateLimits } from "./intake-limits";

export type RateDecision = { allowed: true } | { allowed: false; retryAfter: number };

/** Decides whether a client may go on now. */
export interface RateLimiter {
  /** Counts one attempt from `address` (the client's IP address, when known); `retryAfter` is in whole seconds. */
  hit(address: string | undefined): Promise<RateDecision>;
  /** Gives back an allowed attempt that turned out not to count (a right secret is not a guess). */
  refund(address: string | undefined): Promise<void>;
}

type Tier = "client" | "network" | "global";
type Bucket = { tier: Tier; key: string; limit: number };
type Verdict = RateDecision & { refusedBy?: Tier };

const WINDOW_MS = 60_000;
/** Clients remembered at once in memory: a flood of distinct (spoofed) clients evicts the oldest, never grows. */
const MAX_CLIENTS = 50_000;
/** Requests without a valid address share one bucket: dropping or garbling the header must not escape the limit. */
const UNKNOWN_CLIENT = "unknown-client";

const asLimits = (limits: RateLimits | number): RateLimits =>
  typeof limits === "number" ? { perClient: limits } : limits;

/** The buckets one attempt from `address` counts against, narrowest first. */
function bucketsFor(limits: RateLimits, address: string | undefined): Bucket[] {
  const buckets: Bucket[] = [];
  if (limits.perClient > 0) {
    buckets.push({ tier: "client", key: rateLimitKey(address) ?? UNKNOWN_CLIENT, limit: limits.perClient });
    const network = rateLimitNetworkKey(address);
    if (network && limits.perNetwork) buckets.push({ tier: "network", key: network, limit: limits.perNetwork });
  }
  if (limits.global) buckets.push({ tier: "global", key: "all", limit: limits.global });
  return buckets;
}

/** Says once when the global ceiling starts refusing everyone, and again only after it has let an attempt through. */
class CeilingNotice {
  private reached = false;

  constructor(
    private readonly limit: number | undefined,
    private readonly message = `Global ceiling reached: ${limit} submissions per minute from all clients together (CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE); every client is refused until the minute ends`,
  ) {}

  note(verdict: Verdict) {
    if (verdict.allowed) this.reached = false;
    else if (verdict.refusedBy === "global" && !this.reached) {
      this.reached = true;
      log.warn("rate_limit.global_ceiling", this.message, { limit: this.limit });
    }
  }
}

/**
 * Fixed one-minute windows (per client, per /48, global), counted in this process's memory. An LRU per tier bounds
 * it by entries (`maxClients`) and by time (an entry lives one window).
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly limits: RateLimits;
  private readonly windows: Partial<Record<Tier, LRUCache<string, { count: number }>>>;
  private readonly ceiling: CeilingNotice;

  constructor(
    limits: RateLimits | number,
    {
      windowMs = WINDOW_MS,
      maxClients = MAX_CLIENTS,
      now,
      ceilingNotice,
    }: { windowMs?: number; maxClients?: number; now?: () => number; ceilingNotice?: string } = {},
  ) {
    this.limits = asLimits(limits);
    // Only the tiers in use: an LRU allocates room for `maxClients` up front. A window starts at a key's first hit
    // and is not extended by later ones (noUpdateTTL).
    const windows = (on: unknown, max = maxClients) =>
      on
        ? new LRUCache<string, { count: number }>({
            max,
            ttl: windowMs,
            noUpdateTTL: true,
            ttlResolution: 0,
            ...(now && { perf: { now } }),
          })
        : undefined;
    const { perClient, perNetwork, global } = this.limits;
    this.windows = {
      client: windows(perClient > 0),
      network: windows(perClient > 0 && perNetwork),
      global: windows(global, 1),
    };
    this.ceiling = new CeilingNotice(global, ceilingNotice);
  }

  async hit(address: string | undefined): Promise<RateDecision> {
    const verdict = this.count(address);
    this.ceiling.note(verdict);
    return verdict.allowed ? { allowed: true } : { allowed: false, retryAfter: verdict.retryAfter };
  }

  async refund(address: string | undefined): Promise<void> {
    this.giveBack(address);
  }

  /** The synchronous core, also used as the fallback while a shared store is unreachable. */
  count(address: string | undefined): Verdict {
    for (const { tier, key, limit } of bucketsFor(this.limits, address)) {
      const windows = this.windows[tier]!;
      const window = windows.get(key);
      if (!window) windows.set(key, { count: 1 });
      else if (window.count >= limit)
        return {
          allowed: false,
          retryAfter: Math.max(1, Math.ceil(windows.getRemainingTTL(key) / 1000)),
          refusedBy: tier,
        };
      else window.count++;
    }
    return { allowed: true };
  }

  giveBack(address: string | undefined): void {
    for (const { tier, key } of bucketsFor(this.limits, address)) {
      const window = this.windows[tier]!.get(key);
      if (window && window.count > 0) window.count--;
    }
  }

  /** Clients currently remembered. */
  get size(): number {
    return this.windows.client?.size ?? 0;
  }
}

// On globalThis like the connection: each route is its own bundle with its own copy of this module, and one outage
// must still be reported once per process.
const outages = ((
  globalThis as typeof globalThis & { __rateLimitOutages?: WeakMap<Redis, { degraded: boolean }> }
).__rateLimitOutages ??= new WeakMap());

/**
 * The same windows counted in Redis, shared by every instance (an atomic Lua increment with expiry per key, through
 * rate-limiter-flexible). While Redis is unreachable each instance counts on its own in memory, so an outage never
 * blocks leads; one warning is logged per outage, and counting is shared again once Redis answers.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly limits: RateLimits;
  private readonly shared: Partial<Record<Tier, RateLimiterRedis>>;
  private readonly fallback: MemoryRateLimiter;
  private readonly ceiling: CeilingNotice;
  /** Shared by every limiter on this connection, so one outage is reported once, not once per purpose. */
  private readonly outage: { degraded: boolean };

  constructor(
    redis: Redis,
    limits: RateLimits | number,
    {
      windowMs = WINDOW_MS,
      keyPrefix = "contact-rate",
      ceilingNotice,
    }: { windowMs?: number; keyPrefix?: string; ceilingNotice?: string } = {},
  ) {
    this.limits = asLimits(limits);
    const store = (points: number | undefined, prefix: string) =>
      points
        ? new RateLimiterRedis({
            storeClient: redis,
            points,
            duration: windowMs / 1000,
            keyPrefix: prefix,
            rejectIfRedisNotReady: true,
          })
        : undefined;
    this.shared = {
      client: store(this.limits.perClient, keyPrefix),
      network: store(this.limits.perNetwork, `${keyPrefix}:48`),
      global: store(this.limits.global, `${keyPrefix}:all`),
    };
    this.fallback = new MemoryRateLimiter(this.limits, { windowMs, ceilingNotice });
    this.outage = outages.get(redis) ?? { degraded: false };
    outages.set(redis, this.outage);
    this.ceiling = new CeilingNotice(this.limits.global, ceilingNotice);
  }

  async hit(address: string | undefined): Promise<RateDecision> {
    const verdict = await this.count(address);
    this.ceiling.note(verdict);
    return verdict.allowed ? { allowed: true } : { allowed: false, retryAfter: verdict.retryAfter };
  }

  async refund(address: string | undefined): Promise<void> {
    try {
      for (const { tier, key } of bucketsFor(this.limits, address)) await this.shared[tier]!.reward(key, 1);
    } catch {
      this.fallback.giveBack(address);
    }
  }

  private async count(address: string | undefined): Promise<Verdict> {
    try {
      for (const { tier, key } of bucketsFor(this.limits, address)) {
        // consume() rejects with a RateLimiterRes when the bucket is full, with an Error when Redis failed.
        const refused = await this.shared[tier]!.consume(key).then(
          () => undefined,
          (outcome: unknown) => {
            if (outcome instanceof RateLimiterRes) return outcome;
            throw outcome;
          },
        );
        if (refused) {
          this.recovered();
          return { allowed: false, retryAfter: Math.max(1, Math.ceil(refused.msBeforeNext / 1000)), refusedBy: tier };
        }
      }
      this.recovered();
      return { allowed: true };
    } catch (error) {
      if (!this.outage.degraded) {
        this.outage.degraded = true;
        // The reason only: never the client's address.
        log.warn("rate_limit.shared_unavailable", "Redis unavailable: counting per instance until it is back", {
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      return this.fallback.count(address);
    }
  }

  private recovered() {
    if (!this.outage.degraded) return;
    this.outage.degraded = false;
    log.info("rate_limit.shared_restored", "Redis is back: counting is shared across instances again");
  }
}

const holder = globalThis as typeof globalThis & {
  __rateLimiters?: Partial<Record<RateLimitPurpose, RateLimiter>>;
  __rateLimitRedis?: Redis;
};

/** This process's Redis connection for shared counts (rate limits, spent proofs, the intake summary). */
export function sharedRedis(url: string): Redis {
  return (holder.__rateLimitRedis ??= connectRedis(url, "rate-limit"));
}

/**
 * The one place that picks where attempts are counted: Redis when `REDIS_URL` is set (every instance shares the
 * count), else this process's memory. One per purpose and process (see intake-limits.ts); `instrumentation.ts`
 * builds the contact one at start so Redis is connected before the first submission.
 */
export function getRateLimiter(purpose: RateLimitPurpose = "contact"): RateLimiter {
  const limiters = (holder.__rateLimiters ??= {});
  const existing = limiters[purpose];
  if (existing) return existing;
  const env = serverEnv();
  const { limits, windowMs, ceilingNotice } = limitsFor(purpose, env);
  const counts = bucketsFor(limits, undefined).length > 0;
  // The contact keys keep their earlier prefix, so a rolling deploy goes on counting the same buckets.
  const keyPrefix = `${purpose}-rate`;
  const limiter =
    env.REDIS_URL && counts
      ? new RedisRateLimiter(sharedRedis(env.REDIS_URL), limits, { windowMs, keyPrefix, ceilingNotice })
      : new MemoryRateLimiter(limits, { windowMs, ceilingNotice });
  limiters[purpose] = limiter;
  return limiter;
}
