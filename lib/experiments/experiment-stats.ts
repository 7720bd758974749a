import { jStat } from "jstat";

/**
 * The statistics of an experiment's result, on jStat (a maintained library) for every special function: the beta
 * function, the beta, normal and chi-squared distributions.
 *
 * Model: each variant's lead rate is unknown, with the uniform prior Beta(1, 1) (every rate equally likely before any
 * visit), so after `leads` of `visitors` its posterior is Beta(1 + leads, 1 + visitors − leads).
 */
export const PRIOR = { alpha: 1, beta: 1 } as const;

export type Beta = { alpha: number; beta: number };

export const posterior = (leads: number, visitors: number): Beta => ({
  alpha: PRIOR.alpha + leads,
  beta: PRIOR.beta + Math.max(0, visitors - leads),
});

const mean = ({ alpha, beta }: Beta) => alpha / (alpha + beta);
const variance = ({ alpha, beta }: Beta) => (alpha * beta) / ((alpha + beta) ** 2 * (alpha + beta + 1));

/** The posterior's central 95% credible interval of the rate. */
export const rateInterval = (b: Beta) => ({
  low: jStat.beta.inv(0.025, b.alpha, b.beta),
  high: jStat.beta.inv(0.975, b.alpha, b.beta),
});

/**
 * P(variant's rate > control's rate), exactly, for integer posterior parameters (Evan Miller, "Formulas for Bayesian
 * A/B Testing", 2015): Σ_{i=0}^{α_B−1} B(α_A+i, β_A+β_B) / ((β_B+i) · B(1+i, β_B) · B(α_A, β_A)), summed in logs.
 */
export function probabilityToBeat(control: Beta, variant: Beta): number {
  let total = 0;
  for (let i = 0; i < variant.alpha; i++)
    total += Math.exp(
      jStat.betaln(control.alpha + i, control.beta + variant.beta) -
        Math.log(variant.beta + i) -
        jStat.betaln(1 + i, variant.beta) -
        jStat.betaln(control.alpha, control.beta),
    );
  return Math.min(1, Math.max(0, total));
}

/**
 * The variant's rate relative to the control's (+0.2 is 20% more leads per visitor): its estimate and 95% credible
 * interval, from the normal approximation of the log of the ratio of the two posteriors (the delta method, as
 * GrowthBook's Bayesian engine does): mean ln(m_B / m_A), variance v_B / m_B² + v_A / m_A².
 */
export function relativeDifference(control: Beta, variant: Beta) {
  const mu = Math.log(mean(variant)) - Math.log(mean(control));
  const sigma = Math.sqrt(variance(variant) / mean(variant) ** 2 + variance(control) / mean(control) ** 2);
  const z = jStat.normal.inv(0.975, 0, 1);
  return { value: Math.exp(mu) - 1, low: Math.exp(mu - z * sigma) - 1, high: Math.exp(mu + z * sigma) - 1 };
}

/** Below this p-value the split is broken (a sample-ratio mismatch), as GrowthBook and Optimizely flag it. */
export const SRM_P_VALUE = 0.001;

/**
 * Sample-ratio mismatch: Pearson's chi-squared test of the visitors each variant got against the split's shares
 * (k − 1 degrees of freedom). A p-value under SRM_P_VALUE means assignment or counting is broken, and the result is
 * not to be read. Null without visitors.
 */
export function sampleRatioMismatch(visitors: readonly number[], shares: readonly number[]) {
  const total = visitors.reduce((a, b) => a + b, 0);
  if (total === 0 || visitors.length < 2) return null;
  const statistic = visitors.reduce((sum, observed, i) => {
    const expected = total * shares[i]!;
    return sum + (observed - expected) ** 2 / expected;
  }, 0);
  const pValue = 1 - jStat.chisquare.cdf(statistic, visitors.length - 1);
  return { statistic, pValue, mismatch: pValue < SRM_P_VALUE };
}

/**
 * Visitors per variant to detect a relative change `lift` of a baseline rate (two-sided α = 0.05, power 0.8), by the
 * usual two-proportion formula: (z_α/2·√(2·p̄(1−p̄)) + z_β·√(p₁(1−p₁) + p₂(1−p₂)))² / (p₂ − p₁)². Undefined for a
 * baseline of 0 or 1, where there is no rate to change yet.
 */
export function visitorsPerVariant(baseline: number, lift: number, alpha = 0.05, power = 0.8): number | undefined {
  const p1 = baseline;
  const p2 = baseline * (1 + lift);
  if (!(p1 > 0 && p1 < 1 && p2 > 0 && p2 < 1)) return undefined;
  const zAlpha = jStat.normal.inv(1 - alpha / 2, 0, 1);
  const zBeta = jStat.normal.inv(power, 0, 1);
  const pBar = (p1 + p2) / 2;
  const root = zAlpha * Math.sqrt(2 * pBar * (1 - pBar)) + zBeta * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return Math.ceil(root ** 2 / (p2 - p1) ** 2);
}

/** The smallest change worth detecting, relative to the control's rate: +20%. */
export const MINIMUM_LIFT = 0.2;
