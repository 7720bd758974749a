import autocannon from "autocannon";

export type LoadResult = {
  url: string;
  connections: number;
  durationS: number;
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
};

/** GET one URL with a fixed number of connections for a fixed time (after an unreported warm-up). */
export async function getLoad(
  url: string,
  connections: number,
  durationS: number,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  await autocannon({ url, connections, duration: 2, headers });
  const r = await autocannon({ url, connections, duration: durationS, headers });
  return {
    url,
    connections,
    durationS: r.duration,
    requests: r.requests.total,
    rps: r.requests.total / r.duration,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}
