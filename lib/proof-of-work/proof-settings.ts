/**
 * What the form's proof of work and the server agree on. A leaf module, shared by the browser code and the server.
 */

/** Where the form asks for a challenge (POST, same origin, no body). */
export const PROOF_CHALLENGE_PATH = "/api/contact/challenge";

/** The field of the contact request that carries the solved challenge (altcha's base64 payload). */
export const PROOF_FIELD = "proof";

/** A solution's longest form: altcha's base64 JSON is about 400 characters. */
export const PROOF_MAX_LENGTH = 2048;

/**
 * How long a challenge stays valid: long enough for someone who opens the form and fills it slowly; the form asks
 * for a fresh one when the one it holds is close to expiring.
 */
export const PROOF_LIFETIME_MS = 30 * 60_000;

/**
 * The difficulty unless CONTACT_PROOF_MAX_NUMBER says otherwise: the solution is a random number up to this, so a
 * solver tries half of it on average. Chosen for under a second on a phone-class CPU (Chromium at 4x CPU
 * throttling); `npm run bench` measures both sides.
 */
export const PROOF_MAX_NUMBER = 50_000;

/** How long the form's "sending…" waits for a proof still being solved before it sends without one. */
export const PROOF_WAIT_MS = 8_000;

/** Why a lead's proof does not count; the lead is then stored but held (see docs/leads.md). */
export const PROOF_FAILURES = ["no_proof", "invalid_proof", "expired_proof", "spent_proof"] as const;
export type ProofFailure = (typeof PROOF_FAILURES)[number];
