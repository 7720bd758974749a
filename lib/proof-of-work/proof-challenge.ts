import { createChallenge, extractParams, verifySolution } from "altcha-lib";
import type { Challenge, Payload } from "altcha-lib/types";
import { PROOF_LIFETIME_MS, PROOF_MAX_LENGTH, PROOF_MAX_NUMBER, type ProofFailure } from "./proof-settings.ts";

export type ProofVerdict = { ok: true } | { ok: false; reason: ProofFailure };

/** Records a solution as used; false when it was used before (on any instance sharing the record). */
export type SpendProof = (signature: string, expiresAtMs: number) => Promise<boolean>;

type ProofKey = { secret: string; site: string };

/**
 * A challenge bound to this site (its origin is signed into the salt, so one minted for a staging site sharing the
 * secret is no good here) that expires after PROOF_LIFETIME_MS; its number is at most `maxNumber` (the difficulty).
 */
export function createProofChallenge(
  { secret, site, maxNumber = PROOF_MAX_NUMBER }: ProofKey & { maxNumber?: number },
  now = Date.now(),
): Promise<Challenge> {
  return createChallenge({
    hmacKey: secret,
    maxnumber: maxNumber,
    expires: new Date(now + PROOF_LIFETIME_MS),
    params: { site: new URL(site).origin },
  });
}

function decode(proof: string): Payload | null {
  try {
    const payload = JSON.parse(atob(proof)) as Partial<Payload> | null;
    const ok =
      typeof payload === "object" &&
      payload !== null &&
      payload.algorithm === "SHA-256" &&
      typeof payload.challenge === "string" &&
      typeof payload.salt === "string" &&
      typeof payload.signature === "string" &&
      Number.isSafeInteger(payload.number);
    return ok ? (payload as Payload) : null;
  } catch {
    return null;
  }
}

/**
 * Checks a solved challenge: ours (signed with the secret, for this site), solved, not expired, and not used before.
 * Only a proof that passes every other check is spent, so a forged one cannot use up somebody else's.
 */
export async function verifyProof(
  proof: unknown,
  { secret, site, spend }: ProofKey & { spend: SpendProof },
  now = Date.now(),
): Promise<ProofVerdict> {
  if (proof === undefined || proof === null || proof === "") return { ok: false, reason: "no_proof" };
  const payload = typeof proof === "string" && proof.length <= PROOF_MAX_LENGTH ? decode(proof) : null;
  if (!payload) return { ok: false, reason: "invalid_proof" };
  const params = extractParams(payload);
  const expiresAtMs = Number(params.expires) * 1000;
  if (params.site !== new URL(site).origin || !Number.isFinite(expiresAtMs))
    return { ok: false, reason: "invalid_proof" };
  if (!(await verifySolution(payload, secret, false))) return { ok: false, reason: "invalid_proof" };
  if (expiresAtMs < now) return { ok: false, reason: "expired_proof" };
  if (!(await spend(payload.signature, expiresAtMs))) return { ok: false, reason: "spent_proof" };
  return { ok: true };
}
