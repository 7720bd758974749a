import type { Browser } from "playwright-core";
import type { Challenge } from "altcha-lib/types";
import { solveProof } from "../../scripts/lib/solve-proof.ts";
import { median } from "./stats.ts";

export type ProofCost = {
  maxNumber: number;
  /** A person: first interaction to a solved proof in the form's worker, Chromium at 4x CPU throttling (ms). */
  browserWorkerMs: { median: number; max: number; runs: number };
  /** The same solver on the page's main thread, where the throttling surely applies (ms). */
  browserMainThreadMs: { median: number; max: number; runs: number };
  /** A script: native SHA-256 in Node, CPU time to solve the proofs of 1,000 leads (ms). */
  scriptCpuMsPer1000: number;
};

const BROWSER_RUNS = 10;
const SCRIPT_PROOFS = 300;

async function challenge(origin: string): Promise<Challenge> {
  const response = await fetch(`${origin}/api/contact/challenge`, { method: "POST", headers: { origin } });
  if (!response.ok) throw new Error(`the challenge endpoint answered ${response.status}`);
  return (await response.json()) as Challenge;
}

const summary = (values: number[]) => ({
  median: Math.round(median(values)),
  max: Math.round(Math.max(...values)),
  runs: values.length,
});

/** What the proof of work costs a person (throttled Chromium) and a script (CPU per 1,000 leads). */
export async function proofCost(origin: string, browser: Browser): Promise<ProofCost> {
  const challenges = await Promise.all(Array.from({ length: SCRIPT_PROOFS }, () => challenge(origin)));
  const cpu = process.cpuUsage();
  for (const c of challenges) solveProof(c);
  const used = process.cpuUsage(cpu);
  const scriptCpuMsPer1000 = Math.round(((used.user + used.system) / 1000 / SCRIPT_PROOFS) * 1000);

  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const worker: number[] = [];
  const mainThread: number[] = [];
  for (let run = 0; run < BROWSER_RUNS; run++) {
    await page.goto(`${origin}/mx`);
    await page.locator('[name="company"]').pressSequentially("A");
    const measured = await page.waitForFunction(
      () => performance.getEntriesByName("contact-proof")[0]?.duration,
      null,
      {
        timeout: 60_000,
      },
    );
    worker.push((await measured.jsonValue()) as number);
    mainThread.push(
      await page.evaluate(
        async (c) => {
          const started = performance.now();
          const encoder = new TextEncoder();
          for (let n = 0; n <= (c.maxnumber ?? 1e6); n++) {
            const digest = await crypto.subtle.digest("SHA-256", encoder.encode(c.salt + n));
            const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
            if (hex === c.challenge) break;
          }
          return performance.now() - started;
        },
        await challenge(origin),
      ),
    );
  }
  await page.close();
  return {
    maxNumber: challenges[0]!.maxnumber ?? 0,
    browserWorkerMs: summary(worker),
    browserMainThreadMs: summary(mainThread),
    scriptCpuMsPer1000,
  };
}
