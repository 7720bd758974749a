import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { rateLimitKey, rateLimitNetworkKey } from "../http/client-ip";
import { whenReady } from "../redis/redis-client";
import { exactAddressHash, mailboxHash } from "./mailbox";

/**
 * What keeps the lead's confirmation email from being a way to mail strangers: at most PER_MAILBOX_PER_DAY emails to
 * one mailbox a day however its address is spelled (mailbox.ts), a ceiling per hour for the whole site of which one
 * client (an IPv4 address or IPv6 /64, and its /48) may use only a share, and never a mailbox on the suppression list
 * (it bounced or complained). Counted in Redis when instances share one (every instance sees the same counts and list,
 * and they outlive a restart), else in this process's memory, which a production server does not accept
 * (lib/env/production-refusal.ts). Mailboxes are kept as SHA-256 hashes, never in clear.
 */

export const PER_MAILBOX_PER_DAY = 3;

/** One client may use at most this fraction of the site's hourly budget (at least one email). */
export const CLIENT_SHARE_OF_HOUR = 0.1;

/** The emails an hour one client may have sent, out of the site's `perHour`. */
export const perClientPerHour = (perHour: number) => Math.max(1, Math.floor(perHour * CLIENT_SHARE_OF_HOUR));

/** The Redis set of suppressed mailboxes' hashes; docs/operations.md shows how an operator adds one. */
export const SUPPRESSION_SET = "lead-email:suppressed";

/**
 * How long the first email after a start waits for the shared store's connection: well within the email's own
 * deadline (it is sent after the visitor's answer), and far longer than a connection takes.
 */
export const STORE_READY_WAIT_MS = 5_000;

/** Requests without a valid client address share one allowance. */
const UNKNOWN_CLIENT = "unknown-client";

export type SendVerdict =
  | { ok: true }
  | {
      ok: false;
      reason: "suppressed" | "address-limit" | "client-limit" | "hourly-limit" | "store-unavailable";
    };

type Suppressions = { has(hashes: string[]): Promise<boolean>; add(hash: string): Promise<void> };

type Counters = {
  perMailbox: RateLimiterAbstract;
  perClient: RateLimiterAbstract;
  hourly: RateLimiterAbstract;
  suppressions: Suppressions;
  /** Resolves once the store can be read (true), or false when it cannot be within `ms`. */
  ready?: (ms: number) => Promise<boolean>;
};

export class LeadEmailLimits {
  constructor(private readonly counters: Counters) {}

  /**
   * Takes one email to `address`, sent by `client` (its IP address), when it may be sent. Fails closed: when the
   * shared store cannot be read, no email. A refusal by a later limit gives back what the earlier ones took, so a
   * mailbox or client refused by the site's ceiling keeps its own allowance.
   */
  async take(address: string, client?: string): Promise<SendVerdict> {
    const { perMailbox, perClient, hourly, suppressions, ready } = this.counters;
    if (ready && !(await ready(STORE_READY_WAIT_MS))) return { ok: false, reason: "store-unavailable" };
    const mailbox = mailboxHash(address);
    const clients = [rateLimitKey(client) ?? UNKNOWN_CLIENT, rateLimitNetworkKey(client)].flatMap((key) =>
      key ? [`client:${key}`] : [],
    );
    const taken: [RateLimiterAbstract, string][] = [];
    const giveBack = () => Promise.all(taken.map(([limiter, key]) => limiter.reward(key, 1)));
    try {
      if (await suppressions.has([mailbox, exactAddressHash(address)])) return { ok: false, reason: "suppressed" };
      const steps: [RateLimiterAbstract, string, Extract<SendVerdict, { ok: false }>["reason"]][] = [
        [perMailbox, mailbox, "address-limit"],
        ...clients.map((key): [RateLimiterAbstract, string, "client-limit"] => [perClient, key, "client-limit"]),
        [hourly, "site", "hourly-limit"],
      ];
      for (const [limiter, key, reason] of steps) {
        if (!(await consumed(limiter, key))) {
          await giveBack();
          return { ok: false, reason };
        }
        taken.push([limiter, key]);
      }
      return { ok: true };
    } catch {
      await giveBack().catch(() => undefined);
      return { ok: false, reason: "store-unavailable" };
    }
  }

  /** Never writes to this mailbox again (its server refused the address for good, or an operator added it). */
  suppress(address: string): Promise<void> {
    return this.counters.suppressions.add(mailboxHash(address));
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

/**
 * One process: counts and the list live in its memory and end with it. Development and tests only: a production
 * server that sends confirmations refuses to start without REDIS_URL.
 */
export function memoryLimits(perHour: number): LeadEmailLimits {
  const suppressed = new Set<string>();
  return new LeadEmailLimits({
    perMailbox: new RateLimiterMemory({ points: PER_MAILBOX_PER_DAY, duration: DAY_SECONDS }),
    perClient: new RateLimiterMemory({ points: perClientPerHour(perHour), duration: HOUR_SECONDS }),
    hourly: new RateLimiterMemory({ points: perHour, duration: HOUR_SECONDS }),
    suppressions: {
      has: async (hashes) => hashes.some((hash) => suppressed.has(hash)),
      add: async (hash) => void suppressed.add(hash),
    },
  });
}

/**
 * Every instance, and every restart: the same counts and list in Redis (`keyPrefix`: tests keep theirs apart). The
 * first email after a start waits for the connection rather than finding it not yet open.
 */
export function redisLimits(redis: Redis, perHour: number, keyPrefix = "lead-email"): LeadEmailLimits {
  const set = `${keyPrefix}:suppressed`;
  const limiter = (points: number, duration: number, prefix: string) =>
    new RateLimiterRedis({ storeClient: redis, points, duration, keyPrefix: prefix, rejectIfRedisNotReady: true });
  return new LeadEmailLimits({
    perMailbox: limiter(PER_MAILBOX_PER_DAY, DAY_SECONDS, `${keyPrefix}:address`),
    perClient: limiter(perClientPerHour(perHour), HOUR_SECONDS, `${keyPrefix}:client`),
    hourly: limiter(perHour, HOUR_SECONDS, `${keyPrefix}:hourly`),
    suppressions: {
      has: async (hashes) => (await Promise.all(hashes.map((hash) => redis.sismember(set, hash)))).includes(1),
      add: async (hash) => void (await redis.sadd(set, hash)),
    },
    ready: (ms) => whenReady(redis, ms),
  });
}
