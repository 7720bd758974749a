import { currentBuildId } from "@/lib/health/build-id";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Liveness: this process answers HTTP. No dependency is checked (a leads store outage must not get healthy
 * instances restarted; that is readiness, /api/ready), nothing is cached, no rate limit applies.
 */
export function GET(): Response {
  return Response.json({ status: "ok", buildId: currentBuildId() }, { headers: { "cache-control": "no-store" } });
}
