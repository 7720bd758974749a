import type { GroupedCountRow, LeadCountRow } from "../analytics/counts-store-contract";
import { leadPage } from "../analytics/results-join";
import type { Market } from "../markets/markets";
import { variantId } from "./experiment-keys";
import {
  MINIMUM_LIFT,
  PRIOR,
  posterior,
  probabilityToBeat,
  rateInterval,
  relativeDifference,
  sampleRatioMismatch,
  visitorsPerVariant,
} from "./experiment-stats";

/** An experiment as the results name it (from the EXPERIMENTS_QUERY, checked loosely: the Studio holds the rest). */
export type ExperimentDefinition = {
  /** The experiment's document in the Content Lake, which the Results tool ships a variant of. */
  id: string;
  key: string;
  name: string;
  market: Market;
  page: string;
  running: boolean;
  example: boolean;
  hypothesis: string | null;
  conclusion: string | null;
  shipped: string | null;
  plannedEnd: string | null;
  stoppedAt: string | null;
  /** In order, the control first; shares add up to 1. */
  variants: { key: string; name: string; share: number }[];
};

type Interval = { value: number; low: number; high: number };

export type VariantResult = {
  key: string;
  name: string;
  share: number;
  /** Distinct visitors per day, summed (or visits, where visitors are not counted: see `trials`). */
  visitors: number;
  leads: number;
  /** leads / visitors, with the posterior's 95% credible interval; null without visitors. */
  rate: Interval | null;
  /** Against the control (null for the control itself, or without visitors in either). */
  relative: Interval | null;
  probabilityToBeat: number | null;
};

export type ExperimentResult = Omit<ExperimentDefinition, "variants"> & {
  /** What a rate is per: distinct visitors, or visits where the site counts no visitors (no trusted address). */
  trials: "visitors" | "visits";
  prior: { alpha: number; beta: number };
  variants: VariantResult[];
  /** Chi-squared test of the split: a mismatch means the result is not to be read. Null without visitors. */
  sampleRatio: { statistic: number; pValue: number; mismatch: boolean } | null;
  /**
   * Visitors to detect MINIMUM_LIFT relative to the control's rate (α 0.05, power 0.8): per variant, in all at this
   * split, and how many more than it has. Null until the control has a lead.
   */
  needed: { lift: number; perVariant: number; total: number; more: number } | null;
};

/**
 * Each experiment's figures over a range: visitors and leads per variant from the counts grouped by page and variant
 * and the leads kept under its variant ids on its page, then the posterior comparison with the control, the split's
 * check and the traffic still needed. Held leads are left out, as everywhere in the results.
 */
export function experimentResults(
  experiments: readonly ExperimentDefinition[],
  counts: readonly GroupedCountRow[],
  leads: readonly LeadCountRow[],
): ExperimentResult[] {
  const byVisitors = counts.every((row) => row.visitors !== null);
  return experiments.map((experiment) => {
    const sums = experiment.variants.map((variant) => {
      const id = variantId(experiment.key, variant.key);
      let visitors = 0;
      let leadCount = 0;
      for (const row of counts)
        if (row.variant === id && row.page === experiment.page)
          visitors += byVisitors ? (row.visitors ?? 0) : row.visits;
      for (const lead of leads)
        if (!lead.held && lead.variant === id && leadPage(lead) === experiment.page) leadCount += lead.leads;
      return { variant, visitors, leads: leadCount };
    });
    const control = sums[0]!;
    const controlPosterior = posterior(control.leads, control.visitors);
    const variants: VariantResult[] = sums.map(({ variant, visitors, leads: count }, index) => {
      const own = posterior(count, visitors);
      const compared = index > 0 && visitors > 0 && control.visitors > 0;
      return {
        key: variant.key,
        name: variant.name,
        share: variant.share,
        visitors,
        leads: count,
        rate: visitors > 0 ? { value: count / visitors, ...rateInterval(own) } : null,
        relative: compared ? relativeDifference(controlPosterior, own) : null,
        probabilityToBeat: compared ? probabilityToBeat(controlPosterior, own) : null,
      };
    });
    const perVariant =
      control.visitors > 0 && control.leads > 0
        ? visitorsPerVariant(control.leads / control.visitors, MINIMUM_LIFT)
        : undefined;
    const seen = sums.reduce((total, s) => total + s.visitors, 0);
    const total = perVariant ? Math.ceil(perVariant / Math.min(...experiment.variants.map((v) => v.share))) : 0;
    return {
      ...experiment,
      trials: byVisitors ? "visitors" : "visits",
      prior: { ...PRIOR },
      variants,
      sampleRatio: sampleRatioMismatch(
        sums.map((s) => s.visitors),
        experiment.variants.map((v) => v.share),
      ),
      needed: perVariant ? { lift: MINIMUM_LIFT, perVariant, total, more: Math.max(0, total - seen) } : null,
    };
  });
}
