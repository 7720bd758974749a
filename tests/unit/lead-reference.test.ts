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

  it("over 200,000 ids: every character in every place about evenly, and collisions as rare as counted", () => {
    // A sample large enough for what a flaw would show, and no larger (each id is hashed and written in base 30 with
    // BigInts). Two hundred thousand ids put 6,667 on each character of each place (a bias of a tenth is 8 standard
    // deviations), expect 3.4 × 10^-5 collisions of whole references (so any reference space below about 4 × 10^9,
    // where 5 or more would be expected, fails), and about 820 collisions in every window of five characters (30^5
    // values): a window that takes fewer values than it should (a character fixed or skewed, fewer hash bits than
    // its places need, one group derived from the other) collides far more often than that.
    const n = 200_000;
    const base = REFERENCE_ALPHABET.length;
    const WINDOW = 5;
    const whole = new Set<string>();
    // Each reference as the places of its characters in the alphabet.
    const places = new Uint8Array(n * REFERENCE_LENGTH);
    const counts = new Uint32Array(REFERENCE_LENGTH * base);
    let collisions = 0;
    for (let i = 0; i < n; i++) {
      const reference = leadReference(randomUUID());
      if (whole.has(reference)) collisions++;
      else whole.add(reference);
      const characters = reference.replace("-", "");
      for (let place = 0; place < REFERENCE_LENGTH; place++) {
        const c = REFERENCE_ALPHABET.indexOf(characters[place]!);
        places[i * REFERENCE_LENGTH + place] = c;
        counts[place * base + c]!++;
      }
    }
    // Birthday bound: n² / 2N with N = 30^10 references.
    const expected = n ** 2 / (2 * base ** REFERENCE_LENGTH);
    console.log(`${n} references: ${collisions} collision(s), ${expected.toExponential(2)} expected`);
    expect(collisions).toBeLessThanOrEqual(1);
    // Collisions in a window are about Poisson: six standard deviations above the count leaves no false alarm.
    const perWindow = n ** 2 / (2 * base ** WINDOW);
    const seen = new Uint8Array(base ** WINDOW);
    for (let w = 0; w + WINDOW <= REFERENCE_LENGTH; w++) {
      seen.fill(0);
      let repeats = 0;
      for (let i = 0; i < n; i++) {
        let value = 0;
        for (let k = 0; k < WINDOW; k++) value = value * base + places[i * REFERENCE_LENGTH + w + k]!;
        repeats += seen[value]!;
        seen[value] = 1;
      }
      expect(repeats, `characters ${w + 1} to ${w + WINDOW}`).toBeLessThan(perWindow + 6 * Math.sqrt(perWindow));
    }
    for (let place = 0; place < REFERENCE_LENGTH; place++)
      for (let c = 0; c < base; c++)
        expect(
          Math.abs(counts[place * base + c]! - n / base),
          `${REFERENCE_ALPHABET[c]} in place ${place + 1}`,
        ).toBeLessThan(n / base / 10);
  });
});
