import { createHash, timingSafeEqual } from "node:crypto";

/** Compares secrets in constant time (hashing first so lengths don't leak). */
export function secretsMatch(given: string | null, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
