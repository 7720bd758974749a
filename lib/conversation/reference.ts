import { createHash } from "node:crypto";

/**
 * The characters of a reference: digits and capitals a person can read aloud and type back without doubt. No 0/O,
 * 1/I/L (read alike), no U (V over a phone line). 30 characters.
 */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Characters of a reference (shown in two groups of five): 30^10 ≈ 5.9 × 10^14 values. */
export const REFERENCE_LENGTH = 10;

/**
 * The short reference a visitor quotes for their request, e.g. "K7QXM-3P9TR": derived from the lead's id, so every
 * retry of a submission gets the same one and nothing has to be stored. Never checked for uniqueness: two leads
 * sharing one (about one chance in a thousand over a million leads) are still told apart by their ids.
 */
export function leadReference(leadId: string): string {
  // The first 64 bits of a hash of the id, written in base 30: each character's bias from the modulo is below 10^-4.
  let value = createHash("sha256").update(leadId).digest().readBigUInt64BE(0);
  let reference = "";
  for (let i = 0; i < REFERENCE_LENGTH; i++) {
    reference += REFERENCE_ALPHABET[Number(value % 30n)];
    value /= 30n;
  }
  return `${reference.slice(0, 5)}-${reference.slice(5)}`;
}
