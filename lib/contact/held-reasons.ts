import { PROOF_FAILURES } from "../proof-of-work/proof-settings";

/**
 * Why a stored lead got no sales alert of its own and no conversion (the `held_reason` column): its proof of work
 * was missing, invalid, expired or spent (a held lead: listed in the held-leads digest, released by hand), or it
 * arrived above the global ceiling (`over_ceiling`: a proven lead, sent to sales in the next summary).
 */
export const HELD_REASONS = [...PROOF_FAILURES, "over_ceiling"] as const;
export type HeldReason = (typeof HELD_REASONS)[number];
