import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { REFERENCE_ALPHABET, REFERENCE_LENGTH, leadReference } from "@/lib/conversation/reference";

describe("a lead's reference", () => {
  it("is ten characters a person reads aloud without doubt, in two groups, the same on every retry", () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OILU]/);
    expect(new Set(REFERENCE_ALPHABET).size).toBe(REFERENCE_ALPHABET.length);
    const id = randomUUID();
    const reference = leadReference(id);
    expect(reference).toMatch(new RegExp(`^[${REFERENCE_ALPHABET}]{5}-[${REFERENCE_ALPHABET}]{5}$`));
    expect(REFERENCE_LENGTH).toBeGreaterThanOrEqual(10);
    expect(leadReference(id)).toBe(reference);
  });

  it("over a million ids: every character of the alphabet in use, about evenly, and collisions as rare as counted", () => {
    const n = 1_000_000;
    const seen = new Set<string>();
    const counts = new Map<string, number>();
    let collisions = 0;
    for (let i = 0; i < n; i++) {
      const reference = leadReference(randomUUID());
      if (seen.has(reference)) collisions++;
      else seen.add(reference);
      const first = reference[0]!;
      counts.set(first, (counts.get(first) ?? 0) + 1);
    }
    // Birthday bound: n² / 2N with N = 30^10 references, about 8.5 × 10^-4 collisions expected.
    const expected = n ** 2 / (2 * REFERENCE_ALPHABET.length ** REFERENCE_LENGTH);
    console.log(`${n} references: ${collisions} collision(s), ${expected.toExponential(2)} expected`);
    expect(collisions).toBeLessThanOrEqual(1);
    expect([...counts.keys()].sort().join("")).toBe([...REFERENCE_ALPHABET].sort().join(""));
    for (const count of counts.values()) expect(Math.abs(count - n / 30)).toBeLessThan(n / 30 / 10);
  }, 60_000);
});
