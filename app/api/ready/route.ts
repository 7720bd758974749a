import { readiness } from "@/lib/health/readiness";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Readiness: whether this instance can take a lead now — the leads store and, when configured, Redis, each within
 * its own deadline. 200 when all hold, 503 otherwise, and nothing more: which dependency failed (and which backend
 * the store is) would tell an attacker, for one, that the rate limits fell back to each instance's memory. The log
 * line `readiness.changed` and the `readiness.check` span name it. Checked at most once per few seconds per process,
 * so probes are cheap; not rate limited.
 */
export async function GET(): Promise<Response> {
  const { ready } = await readiness();
  return Response.json(
    { status: ready ? "ready" : "unavailable" },
    { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
