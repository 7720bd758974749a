/**
 * Bounded retries with backoff for the sales alerts, which run after the visitor has their answer: the spec's client
 * defaults (a first delay of 1 s, doubling, 3 retries), so a channel gives up about 7 s after its first failure plus
 * its attempts' own deadlines.
 */
export const ALERT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000] as const;

/** One attempt's outcome: a failure says whether trying again can help and why it failed, without personal data. */
export type Attempt = { ok: true } | { ok: false; retry: boolean; reason: string };

export type Delivery = { ok: boolean; attempts: number; reason?: string };

/** Runs `attempt` until it succeeds, fails for good, or the delays run out; `onRetry` hears each failure retried. */
export async function withRetries(
  attempt: () => Promise<Attempt>,
  { delays = ALERT_RETRY_DELAYS_MS, onRetry }: { delays?: readonly number[]; onRetry?: (attempts: number, reason: string) => void } = {},
): Promise<Delivery> {
  for (let attempts = 1; ; attempts++) {
    const result = await attempt().catch((error: unknown): Attempt => ({ ok: false, retry: true, reason: error instanceof Error ? error.name : "unknown error" }));
    if (result.ok) return { ok: true, attempts };
    const delay = delays[attempts - 1];
    if (!result.retry || delay === undefined) return { ok: false, attempts, reason: result.reason };
    onRetry?.(attempts, result.reason);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
