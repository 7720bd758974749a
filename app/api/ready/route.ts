import { readiness } from "@/lib/health/readiness";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Readiness: whether this instance can take a lead now — the leads store and, when configured, Redis, each within
 * its own deadline. 200 when all hold; 503 naming the failing ones. Checked at most once per few seconds per
 * process, so probes are cheap; not rate limited; the answer names no host, URL or credential.
 */
export async function GET(): Promise<Response> {
  const { ready, checkedAt, checks } = await readiness();
  const failing = Object.keys(checks).filter((name) => checks[name]!.status === "down");
  return Response.json(
    { status: ready ? "ready" : "unavailable", ...(failing.length > 0 && { failing }), checkedAt, checks },
    { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
