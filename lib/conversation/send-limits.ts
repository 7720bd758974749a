import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/**
 * What keeps the lead's confirmation email from being a way to mail strangers: at most PER_ADDRESS_PER_DAY emails to
 * one address a day, a ceiling per hour for the whole site, and never an address on the suppression list (it bounced
 * or complained). Counted in Redis when instances share one (every instance sees the same counts and list), else
 * in this process's memory. Addresses are kept as SHA-256 hashes of their lower-cased form, never in clear.
 */

export const PER_ADDRESS_PER_DAY = 3;

/** The Redis set of suppressed addresses' hashes; docs/operations.md shows how an operator adds one. */
export const SUPPRESSION_SET = "lead-email:suppressed";

export type SendVerdict =
  { ok: true } | { ok: false; reason: "suppressed" | "address-limit" | "hourly-limit" | "store-unavailable" };

/** The hash an address is kept under (what `printf '%s' address | tr A-Z a-z | sha256sum` prints). */
export const addressHash = (address: string) => createHash("sha256").update(address.trim().toLowerCase()).digest("hex");

type Suppressions = { has(hash: string): Promise<boolean>; add(hash: string): Promise<void> };

export class LeadEmailLimits {
  constructor(
    private readonly perAddress: RateLimiterAbstract,
    private readonly hourly: RateLimiterAbstract,
    private readonly suppressions: Suppressions,
  ) {}

  /**
   * Takes one email to `address` when it may be sent. Fails closed: when the shared store cannot be read, no email.
   * An address refused by its own limit does not use up the hourly ceiling.
   */
  async take(address: string): Promise<SendVerdict> {
    const hash = addressHash(address);
    try {
      if (await this.suppressions.has(hash)) return { ok: false, reason: "suppressed" };
      if (!(await consumed(this.perAddress, hash))) return { ok: false, reason: "address-limit" };
      if (!(await consumed(this.hourly, "site"))) {
        await this.perAddress.reward(hash, 1);
        return { ok: false, reason: "hourly-limit" };
      }
      return { ok: true };
    } catch {
      return { ok: false, reason: "store-unavailable" };
    }
  }

  /** Never writes to `address` again (its server refused it for good, or an operator added it). */
  suppress(address: string): Promise<void> {
    return this.suppressions.add(addressHash(address));
  }
}

/** consume() rejects with a RateLimiterRes when the bucket is full, with an Error when the store failed. */
function consumed(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  return limiter.consume(key).then(
    () => true,
    (outcome: unknown) => {
      if (outcome instanceof RateLimiterRes) return false;
      throw outcome;
    },
  );
}

const DAY_SECONDS = 86_400;
const HOUR_SECONDS = 3_600;

/** One instance: counts and the list live in this process (the list lasts until it restarts). */
export function memoryLimits(perHour: number): LeadEmailLimits {
  const suppressed = new Set<string>();
  return new LeadEmailLimits(
    new RateLimiterMemory({ points: PER_ADDRESS_PER_DAY, duration: DAY_SECONDS }),
    new RateLimiterMemory({ points: perHour, duration: HOUR_SECONDS }),
    { has: async (hash) => suppressed.has(hash), add: async (hash) => void suppressed.add(hash) },
  );
}

/** Several instances: the same counts and list for all of them, in Redis (`keyPrefix`: tests keep theirs apart). */
export function redisLimits(redis: Redis, perHour: number, keyPrefix = "lead-email"): LeadEmailLimits {
  const set = `${keyPrefix}:suppressed`;
  const limiter = (points: number, duration: number, prefix: string) =>
    new RateLimiterRedis({ storeClient: redis, points, duration, keyPrefix: prefix, rejectIfRedisNotReady: true });
  return new LeadEmailLimits(
    limiter(PER_ADDRESS_PER_DAY, DAY_SECONDS, `${keyPrefix}:address`),
    limiter(perHour, HOUR_SECONDS, `${keyPrefix}:hourly`),
    {
      has: async (hash) => (await redis.sismember(set, hash)) === 1,
      add: async (hash) => void (await redis.sadd(set, hash)),
    },
  );
}
