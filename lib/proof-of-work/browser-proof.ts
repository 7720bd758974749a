import type { Challenge, Solution } from "altcha-lib/types";
import { PROOF_CHALLENGE_PATH } from "./proof-settings";

/** A solved challenge: the `proof` field to send, and when its challenge expires (ms since the epoch). */
export type SolvedProof = { proof: string; expiresAt: number };

/**
 * Fetches a challenge from our own endpoint and solves it in a same-origin worker. Null when this browser cannot
 * (no Web Crypto outside a secure context, workers refused) or the endpoint refused: the lead is still sent, without.
 */
export async function solveBrowserProof(): Promise<SolvedProof | null> {
  if (typeof Worker === "undefined" || !globalThis.crypto?.subtle) return null;
  // The time from the first interaction to a solved proof, as `npm run bench` reads it (a performance measure).
  performance.mark("contact-proof:start");
  try {
    const response = await fetch(PROOF_CHALLENGE_PATH, { method: "POST", cache: "no-store" });
    if (!response.ok) return null;
    const challenge = (await response.json()) as Challenge;
    const expires = Number(new URLSearchParams(challenge.salt.split("?")[1] ?? "").get("expires")) * 1000;
    const worker = new Worker(new URL("./solve-proof.worker.ts", import.meta.url), { type: "module" });
    const solution = await new Promise<Solution | null>((resolve) => {
      worker.onmessage = (event: MessageEvent<Solution | null>) => resolve(event.data);
      worker.onerror = () => resolve(null);
      worker.postMessage(challenge);
    }).finally(() => worker.terminate());
    if (!solution) return null;
    performance.measure("contact-proof", "contact-proof:start");
    const { algorithm, salt, signature } = challenge;
    const payload = { algorithm, challenge: challenge.challenge, number: solution.number, salt, signature };
    return { proof: btoa(JSON.stringify(payload)), expiresAt: expires };
  } catch (error) {
    console.warn("The form's proof of work could not run; the lead is sent without it", error);
    return null;
  }
}
