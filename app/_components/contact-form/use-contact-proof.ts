"use client";

import { useCallback, useRef } from "react";
import type { SolvedProof } from "@/lib/proof-of-work/browser-proof";
import { PROOF_WAIT_MS } from "@/lib/proof-of-work/proof-settings";

/** A proof this close to expiring is not sent: a fresh one is solved instead. */
const EXPIRY_MARGIN_MS = 60_000;

const solve = () => import("@/lib/proof-of-work/browser-proof").then(({ solveBrowserProof }) => solveBrowserProof());

/**
 * The form's proof of work: `start()` on the visitor's first interaction fetches and solves a challenge while they
 * type (its code loads only then); `proof()` before sending gives that proof, waiting PROOF_WAIT_MS at most for it
 * (then the lead goes without, and is held), and forgets it: the next attempt solves a fresh one.
 */
export function useContactProof() {
  const pending = useRef<Promise<SolvedProof | null> | null>(null);

  const start = useCallback(() => {
    pending.current ??= solve().catch(() => null);
  }, []);

  const proof = useCallback(async (): Promise<string | null> => {
    const deadline = Date.now() + PROOF_WAIT_MS;
    start();
    let current = await until(pending.current!, deadline);
    if (current && current.expiresAt - Date.now() < EXPIRY_MARGIN_MS) {
      pending.current = solve().catch(() => null);
      current = await until(pending.current, deadline);
    }
    pending.current = null;
    return current?.proof ?? null;
  }, [start]);

  return { start, proof };
}

export type ContactProof = ReturnType<typeof useContactProof>;

function until(solving: Promise<SolvedProof | null>, deadline: number): Promise<SolvedProof | null> {
  const wait = Math.max(0, deadline - Date.now());
  return Promise.race([solving, new Promise<null>((resolve) => setTimeout(() => resolve(null), wait))]);
}
