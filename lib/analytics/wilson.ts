import { jStat } from "jstat";

export type Interval = { low: number; high: number };

/** The normal quantile of a two-sided interval at `confidence` (1.959964… at 95%), from jStat. */
const quantile = (confidence: number) => jStat.normal.inv(1 - (1 - confidence) / 2, 0, 1);
const Z95 = quantile(0.95);

/**
 * The Wilson score interval of a proportion: `successes` of `trials` (Wilson 1927; Newcombe 1998, method 3). Unlike
 * the plain ±1.96·√(p(1−p)/n), it stays within [0, 1] and is honest at 0 or 1 successes, which is where a small
 * campaign's conversion rate sits. Undefined without trials, or with more successes than trials (leads from visitors
 * whose beacon was blocked): there is then no proportion to estimate.
 */
export function wilsonInterval(successes: number, trials: number, confidence = 0.95): Interval | undefined {
  if (!(trials > 0) || successes < 0 || successes > trials) return undefined;
  const z = confidence === 0.95 ? Z95 : quantile(confidence);
  const p = successes / trials;
  const z2 = z * z;
  const centre = p + z2 / (2 * trials);
  const spread = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  const denominator = 1 + z2 / trials;
  return { low: Math.max(0, (centre - spread) / denominator), high: Math.min(1, (centre + spread) / denominator) };
}
