import "server-only";
import { randomBytes } from "node:crypto";
import { getRateLimiter, sharedRedis } from "../contact/rate-limiter";
import type { ServerEnv } from "../env/env";
import { serverEnv } from "../env/server-env";
import { createProofChallenge, verifyProof, type ProofVerdict, type SpendProof } from "./proof-challenge";
import { memorySpentProofs, redisSpentProofs } from "./spent-proofs";

const holder = globalThis as typeof globalThis & { __devProofSecret?: string; __spendProof?: SpendProof };

/**
 * The key of the challenges: CONTACT_PROOF_SECRET (a production server refuses to start without it), else — in
 * development, which needs no .env — a random one per process.
 */
function proofSecret(env: ServerEnv): string {
  return env.CONTACT_PROOF_SECRET ?? (holder.__devProofSecret ??= randomBytes(32).toString("hex"));
}

/** Spent solutions: in Redis when configured (shared by every instance), else in this process's memory. */
function spendProof(env: ServerEnv): SpendProof {
  return (holder.__spendProof ??= env.REDIS_URL ? redisSpentProofs(sharedRedis(env.REDIS_URL)) : memorySpentProofs());
}

/** A challenge for the form (see lib/proof-of-work/proof-challenge.ts). */
export function issueContactChallenge() {
  const env = serverEnv();
  return createProofChallenge({
    secret: proofSecret(env),
    site: env.NEXT_PUBLIC_SITE_URL,
    maxNumber: env.CONTACT_PROOF_MAX_NUMBER,
  });
}

/** The lead's proof checked and spent; with CONTACT_PROOF=off (load tests, the benchmark) every lead is proven. */
export function checkContactProof(proof: unknown): Promise<ProofVerdict> {
  const env = serverEnv();
  if (env.CONTACT_PROOF === "off") return Promise.resolve({ ok: true });
  return verifyProof(proof, { secret: proofSecret(env), site: env.NEXT_PUBLIC_SITE_URL, spend: spendProof(env) });
}

/** The limiters of a contact submission, one per kind of traffic (see lib/contact/intake-limits.ts). */
export function contactLimiters() {
  return {
    invalid: getRateLimiter("contact-invalid"),
    held: getRateLimiter("contact-held"),
    heldPerHour: getRateLimiter("contact-held-hourly"),
    ceiling: getRateLimiter("contact-ceiling"),
  };
}
