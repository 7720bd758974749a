import { createHash, randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { log } from "../logging/logger.ts";
import type { Market } from "../markets/markets";

/**
 * Distinct visitors per day and slice, without keeping anyone: a visitor is a hash of a salt, their address and their
 * user agent (the approach Plausible documents). The salt is random, one per market and day (the market's calendar
 * day, so a visitor keeps one hash all that day), shared by every instance, and gone with the day's hashes after 48
 * hours: a hash can then never be recomputed from an address. The hashes live only in this short-lived store, never
 * in the database, which gets each slice's count.
 */
export interface VisitorCounter {
  /** The visitor's hash for this market and day; undefined when the salt cannot be had (the store is down). */
  visitor(market: Market, day: string, address: string, userAgent: string): Promise<string | undefined>;
  /** Adds visitors to slices (slice key → hashes) and answers each slice's distinct count so far that day. */
  addAndCount(day: string, slices: ReadonlyMap<string, readonly string[]>): Promise<Map<string, number>>;
}

/** How long a day's salt and hashes are kept: the day, the next one (a market's day spans two UTC days), no more. */
export const VISITOR_TTL_SECONDS = 48 * 3600;

const hashOf = (salt: string, address: string, userAgent: string) =>
  createHash("sha256").update(`${salt}\n${address}\n${userAgent}`).digest("base64url").slice(0, 22);

/** A slice's store key: the slice itself is long (three campaign parts), so it is hashed too. */
const sliceKey = (day: string, slice: string) =>
  `visitors:${day}:${createHash("sha256").update(slice).digest("base64url").slice(0, 22)}`;

/**
 * One Redis shared by every instance: the salt is set once per market and day (SET NX with the TTL) and read by all;
 * each slice is a HyperLogLog (PFADD, PFCOUNT: 12 kB at most, ±0.81%) expiring with the day. While Redis cannot be
 * reached, visitors are not counted (visits still are) and one warning says so.
 */
export class RedisVisitorCounter implements VisitorCounter {
  private readonly salts = new Map<string, string>();
  private degraded = false;
  private readonly redis: Redis;

  // Not a parameter property: the benchmark loads this file with Node's own TypeScript support, which only strips types.
  constructor(redis: Redis) {
    this.redis = redis;
  }

  async visitor(market: Market, day: string, address: string, userAgent: string): Promise<string | undefined> {
    const key = `visitor-salt:${market}:${day}`;
    let salt = this.salts.get(key);
    if (!salt) {
      try {
        await this.redis.set(key, randomBytes(32).toString("base64url"), "EX", VISITOR_TTL_SECONDS, "NX");
        salt = (await this.redis.get(key)) ?? undefined;
        this.recovered();
      } catch (error) {
        this.failed(error);
        return undefined;
      }
      if (!salt) return undefined;
      // Days before yesterday's are gone from Redis: their salts leave memory too.
      if (this.salts.size > 8) this.salts.clear();
      this.salts.set(key, salt);
    }
    return hashOf(salt, address, userAgent);
  }

  async addAndCount(day: string, slices: ReadonlyMap<string, readonly string[]>): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (slices.size === 0) return counts;
    const pipeline = this.redis.pipeline();
    /** Where each slice's PFCOUNT reply is among the pipeline's replies. */
    const replies: [slice: string, index: number][] = [];
    let queued = 0;
    for (const [slice, hashes] of slices) {
      const key = sliceKey(day, slice);
      if (hashes.length > 0) {
        pipeline.pfadd(key, ...hashes);
        queued++;
      }
      pipeline.expire(key, VISITOR_TTL_SECONDS).pfcount(key);
      replies.push([slice, queued + 1]);
      queued += 2;
    }
    try {
      const results = (await pipeline.exec()) ?? [];
      for (const [slice, index] of replies) {
        const [error, value] = results[index] ?? [new Error("no reply"), null];
        if (!error && typeof value === "number") counts.set(slice, value);
      }
      this.recovered();
    } catch (error) {
      this.failed(error);
    }
    return counts;
  }

  private failed(error: unknown) {
    if (this.degraded) return;
    this.degraded = true;
    log.warn("visits.visitors_unavailable", "Redis unavailable: visitors are not counted until it is back", {
      reason: error instanceof Error ? error.message : String(error),
    });
  }

  private recovered() {
    if (!this.degraded) return;
    this.degraded = false;
    log.info("visits.visitors_restored", "Redis is back: visitors are counted again");
  }
}

/**
 * One instance's memory: a random salt per market and day, and each slice's hashes in a set (about 40 bytes a
 * visitor), both forgotten once the day is two days old. Exact, but only for a site that runs one instance.
 */
export class MemoryVisitorCounter implements VisitorCounter {
  private readonly salts = new Map<string, string>();
  private readonly days = new Map<string, Map<string, Set<string>>>();

  async visitor(market: Market, day: string, address: string, userAgent: string): Promise<string> {
    const key = `${market}:${day}`;
    let salt = this.salts.get(key);
    if (!salt) {
      salt = randomBytes(32).toString("base64url");
      this.salts.set(key, salt);
      this.forgetOldDays(day);
    }
    return hashOf(salt, address, userAgent);
  }

  async addAndCount(day: string, slices: ReadonlyMap<string, readonly string[]>): Promise<Map<string, number>> {
    let sets = this.days.get(day);
    if (!sets) {
      sets = new Map();
      this.days.set(day, sets);
      this.forgetOldDays(day);
    }
    const counts = new Map<string, number>();
    for (const [slice, hashes] of slices) {
      let set = sets.get(slice);
      if (!set) sets.set(slice, (set = new Set()));
      for (const hash of hashes) set.add(hash);
      counts.set(slice, set.size);
    }
    return counts;
  }

  /** Keeps `day` and the day before it (markets' days straddle UTC midnight), forgets anything older. */
  private forgetOldDays(day: string) {
    const oldest = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    for (const kept of this.days.keys()) if (kept < oldest) this.days.delete(kept);
    for (const key of this.salts.keys()) if (key.slice(key.indexOf(":") + 1) < oldest) this.salts.delete(key);
  }
}
