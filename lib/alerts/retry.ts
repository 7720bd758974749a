/**
 * Bounded retries with backoff for the sales alerts, which run after the visitor has their answer: the spec's client
 * defaults (a first delay of 1 s, doubling, 3 retries), so a channel gives up about 7 s after its first failure plus
 * its attempts' own deadlines (ALERT_ATTEMPT_TIMEOUT_MS each).
 */
export const ALERT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000] as const;

/** One attempt's deadline, whole (SMTP: connecting, greeting, sending; webhook: the answer's headers). */
export const ALERT_ATTEMPT_TIMEOUT_MS = 10_000;

/** One attempt's outcome: a failure says whether trying again can help and why it failed, without personal data. */
export type Attempt = { ok: true } | { ok: false; retry: boolean; reason: string };

/** How a channel ended: after how many attempts, and why each failed one did (in order). */
export type Delivery = { ok: boolean; attempts: number; failures: string[] };

/** Runs `attempt` until it succeeds, fails for good, or the delays run out. */
export async function withRetries(
  attempt: () => Promise<Attempt>,
  delays: readonly number[] = ALERT_RETRY_DELAYS_MS,
): Promise<Delivery> {
  const failures: string[] = [];
  for (let attempts = 1; ; attempts++) {
    const result = await attempt().catch((error: unknown): Attempt => ({
      ok: false,
      retry: true,
      reason: error instanceof Error ? error.name : "unknown error",
    }));
    if (result.ok) return { ok: true, attempts, failures };
    failures.push(result.reason);
    const delay = delays[attempts - 1];
    if (!result.retry || delay === undefined) return { ok: false, attempts, failures };
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
