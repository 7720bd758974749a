import { getCountsStore } from "@/lib/analytics/counts-store";
import { readResults } from "@/lib/analytics/results";
import { resultsReader } from "@/lib/analytics/results-auth";
import { isParamError, parseResultsQuery } from "@/lib/analytics/results-params";
import { getRateLimiter } from "@/lib/contact/rate-limiter";
import { serverEnv } from "@/lib/env/server-env";
import { clientAddress } from "@/lib/http/client-ip";
import { log } from "@/lib/logging/logger";
import { MARKET_TIME_ZONES } from "@/lib/markets/time-zones";
import { experimentDefinitions } from "@/lib/experiments/experiment-content";
import { getAllExperiments } from "@/lib/experiments/experiment-source";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });

/**
 * GET /api/results?from=YYYY-MM-DD&to=YYYY-MM-DD[&market=mx][&by=page|campaign|device|variant…]: visits, visitors, form
 * starts, leads and held leads per market and the asked-for keys, with the conversion rate and its Wilson interval,
 * the previous period, and field speed; with by=variant, each experiment's comparison of its variants. For Studio users (their Sanity token) and scripts (RESULTS_READ_TOKEN); see
 * docs/marketers.md.
 */
export async function GET(request: Request): Promise<Response> {
  const env = serverEnv();
  const reader = await resultsReader(request.headers, env, {
    limiter: getRateLimiter("results-sign-in"),
    client: clientAddress(request.headers),
  });
  if (reader && "retryAfter" in reader)
    return json(
      429,
      { error: "Too many sign-in attempts from this address; try again in a minute" },
      { "retry-after": String(reader.retryAfter) },
    );
  if (!reader)
    return json(
      401,
      { error: "Sign in to the Studio, or send Authorization: Bearer with RESULTS_READ_TOKEN" },
      { "www-authenticate": 'Bearer realm="results"' },
    );
  const query = parseResultsQuery(new URL(request.url).searchParams);
  if (isParamError(query)) return json(400, query);
  const store = getCountsStore(env);
  if (!store)
    return json(503, {
      error: "No store for the counts: set SUPABASE_SECRET_KEY (the project's secret key) on the server",
      reason: "unconfigured",
    });
  try {
    // The experiments' names, pages and splits, for by=variant: without content, their figures cannot be named.
    const experiments = query.by.includes("variant")
      ? experimentDefinitions(await getAllExperiments().catch(() => []), new Date())
      : [];
    return json(200, await readResults(store, query, MARKET_TIME_ZONES, experiments));
  } catch (error) {
    log.error("results.unavailable", "The results could not be read", { err: error });
    return json(503, { error: "The counts store did not answer; try again in a moment", reason: "unavailable" });
  }
}
