import { LRUCache } from "lru-cache";
import type { Redis } from "ioredis";
import { log } from "../logging/logger";
import type { SpendProof } from "./proof-challenge";

/** Solutions remembered at once in memory; a flood of (valid) proofs evicts the oldest rather than growing. */
const MAX_REMEMBERED = 200_000;

/** This process's record of spent solutions, each kept until its challenge expires. */
export function memorySpentProofs(max = MAX_REMEMBERED): SpendProof {
  const spent = new LRUCache<string, true>({ max, ttlAutopurge: false });
  return async (signature, expiresAtMs) => {
    if (spent.has(signature)) return false;
    spent.set(signature, true, { ttl: Math.max(1, expiresAtMs - Date.now()) });
    return true;
  };
}

/**
 * The record every instance shares: one Redis key per solution (SET NX, expiring with its challenge), so a solution
 * spent on one instance is refused on all. While Redis is unreachable each instance keeps its own record (said once
 * per outage), so a Redis outage never turns leads into held ones.
 */
export function redisSpentProofs(redis: Redis, keyPrefix = "contact-proof"): SpendProof {
  const fallback = memorySpentProofs();
  let degraded = false;
  return async (signature, expiresAtMs) => {
    try {
      const ttl = Math.max(1, expiresAtMs - Date.now());
      const set = await redis.set(`${keyPrefix}:${signature}`, "1", "PX", ttl, "NX");
      if (degraded) {
        degraded = false;
        log.info("proof.shared_restored", "Redis is back: spent proofs are shared across instances again");
      }
      return set === "OK";
    } catch (error) {
      if (!degraded) {
        degraded = true;
        log.warn(
          "proof.shared_unavailable",
          "Redis unavailable: spent proofs are recorded per instance until it is back",
          {
            reason: error instanceof Error ? error.message : String(error),
          },
        );
      }
      return fallback(signature, expiresAtMs);
    }
  };
}
