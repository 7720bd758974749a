/**
 * Field speed as fixed-bucket histograms: each sample of a web vital adds one to its bucket, and the 75th percentile
 * is read back from the buckets, never from samples (none is kept). The edges are fixed: a stored bucket is an index
 * into its metric's list, so changing a list means a new metric name. Finer where Google's thresholds lie (LCP 2.5 s
 * and 4 s, INP 200 and 500 ms, CLS 0.1 and 0.25), so "good" and "poor" read exactly; the last bucket is open.
 */
export const VITAL_METRICS = ["LCP", "INP", "CLS"] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

const steps = (from: number, to: number, step: number) =>
  Array.from({ length: Math.round((to - from) / step) }, (_, i) => Math.round((from + (i + 1) * step) * 1000) / 1000);

/** Each bucket's upper edge (exclusive), in milliseconds (LCP, INP) or layout-shift score (CLS). */
export const BUCKET_EDGES: Record<VitalMetric, readonly number[]> = {
  LCP: [...steps(0, 2500, 100), ...steps(2500, 4000, 250), ...steps(4000, 10_000, 500)],
  INP: [...steps(0, 500, 25), ...steps(500, 1000, 50), ...steps(1000, 2000, 250)],
  CLS: [...steps(0, 0.25, 0.01), ...steps(0.25, 1, 0.05)],
};

/** Largest value a browser may report that is still believed (larger: a broken clock or a made-up beacon). */
export const MAX_VALUE: Record<VitalMetric, number> = { LCP: 120_000, INP: 60_000, CLS: 100 };

export const isVitalMetric = (value: unknown): value is VitalMetric =>
  typeof value === "string" && (VITAL_METRICS as readonly string[]).includes(value);

/** The bucket of a sample: the first whose upper edge is above it; past the last edge, the open bucket. */
export function bucketOf(metric: VitalMetric, value: number): number {
  const edges = BUCKET_EDGES[metric];
  const index = edges.findIndex((edge) => value < edge);
  return index === -1 ? edges.length : index;
}

export type Percentile = {
  /** The value at or below which 75% of samples lie: its bucket's upper edge (never better than measured). */
  value: number;
  /** True when the percentile falls in the open last bucket: the value is then a lower bound ("over"). */
  over: boolean;
  samples: number;
};

/**
 * The `p`th percentile (0-1) of a histogram: the upper edge of the bucket where the cumulative count first reaches
 * p of the samples. Undefined without samples.
 */
export function percentileOf(
  metric: VitalMetric,
  buckets: ReadonlyMap<number, number>,
  p = 0.75,
): Percentile | undefined {
  const samples = [...buckets.values()].reduce((sum, n) => sum + n, 0);
  if (samples === 0) return undefined;
  const edges = BUCKET_EDGES[metric];
  const target = p * samples;
  let cumulative = 0;
  for (let bucket = 0; bucket <= edges.length; bucket++) {
    cumulative += buckets.get(bucket) ?? 0;
    if (cumulative >= target) {
      return bucket < edges.length
        ? { value: edges[bucket]!, over: false, samples }
        : { value: edges.at(-1)!, over: true, samples };
    }
  }
  return { value: edges.at(-1)!, over: true, samples };
}
