import { hash } from "node:crypto";
import type { Challenge } from "altcha-lib/types";

/**
 * Solves a challenge as a script would: native SHA-256 in a loop (much faster than a browser's Web Crypto), and
 * returns the `proof` field the form would send. What this costs is what the proof costs an attacker: the one-shot
 * hash, as a script in a hurry would use, takes half the CPU of a Hash object per number.
 */
export function solveProof(challenge: Challenge): string {
  const max = challenge.maxnumber ?? 1_000_000;
  for (let number = 0; number <= max; number++) {
    if (hash("sha256", challenge.salt + number) === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
    }
  }
  throw new Error("challenge has no solution up to its maxnumber");
}

/** A fresh proof from a running server (its challenge endpoint, as its own page asks for it). */
export async function proofFrom(origin: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${origin}/api/contact/challenge`, { method: "POST", headers: { origin, ...headers } });
  if (!response.ok) throw new Error(`the challenge endpoint answered ${response.status}`);
  return solveProof((await response.json()) as Challenge);
}
