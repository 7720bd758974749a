import type { Market } from "../markets/markets";
import { experimentResults, type ExperimentDefinition, type ExperimentResult } from "../experiments/experiment-results";
import type { CountsStore } from "./counts-store-contract";
import {
  figures,
  joinResults,
  totalOf,
  vitalSummaries,
  type Figures,
  type ResultKey,
  type VitalSummary,
} from "./results-join";
import { previousPeriod, type Grouping, type ResultsQuery } from "./results-params";

export type ResultsRow = ResultKey & Figures & { previous: Figures };

/** GET /api/results' answer. */
export type Results = {
  from: string;
  to: string;
  market: Market | null;
  by: Grouping[];
  /** The period of equal length just before, whose figures each row and the totals carry as `previous`. */
  previous: { from: string; to: string };
  /** Each market's time zone: its days start and end there. */
  timeZones: Record<Market, string>;
  rows: ResultsRow[];
  totals: Figures & { previous: Figures };
  /** Field speed: the 75th percentile of LCP, INP and CLS per market and page, with the samples behind each. */
  vitals: VitalSummary[];
  /** With by=variant: each experiment of the range's markets, its variants compared with the control. */
  experiments?: ExperimentResult[];
};

const NOTHING: Figures = figures(
  { visits: 0, visitors: null, formStarts: 0, leads: 0, held: 0, qualified: 0, won: 0 },
  true,
);
const keyId = (row: ResultKey) =>
  [row.market, row.page, row.source, row.medium, row.campaign, row.device, row.variant]
    .map((p) => p ?? "")
    .join("\u0001");

/** The results of a query and of the period before it, side by side, row by row. */
export async function readResults(
  store: CountsStore,
  query: ResultsQuery,
  timeZones: Record<Market, string>,
  experiments: readonly ExperimentDefinition[] = [],
): Promise<Results> {
  const previous = previousPeriod(query.from, query.to);
  const range = { from: query.from, to: query.to, ...(query.market ? { market: query.market } : {}) };
  const before = { ...previous, ...(query.market ? { market: query.market } : {}) };
  const [counts, leads, stages, vitals, earlierCounts, earlierLeads, earlierStages] = await Promise.all([
    store.countRows(range),
    store.leadRows(range, timeZones),
    store.stageRows(range, timeZones),
    store.vitalRows(range),
    store.countRows(before),
    store.leadRows(before, timeZones),
    store.stageRows(before, timeZones),
  ]);
  const now = joinResults(counts, leads, query.by, stages);
  const then = joinResults(earlierCounts, earlierLeads, query.by, earlierStages);
  const earlier = new Map(then.rows.map((row) => [keyId(row), row]));
  const rows: ResultsRow[] = now.rows.map((row) => {
    const id = keyId(row);
    const match = earlier.get(id);
    earlier.delete(id);
    return { ...row, previous: match ? pick(match) : NOTHING };
  });
  // Slices seen only in the previous period: shown with nothing now, so a campaign that stopped is not hidden.
  for (const row of earlier.values()) {
    const key: ResultKey = { market: row.market };
    for (const part of ["page", "source", "medium", "campaign", "device", "variant"] as const)
      if (row[part] !== undefined) Object.assign(key, { [part]: row[part] });
    const none = query.by.includes("device")
      ? { ...NOTHING, leads: null, held: null, qualified: null, won: null }
      : NOTHING;
    rows.push({ ...key, ...none, previous: pick(row) });
  }
  return {
    from: query.from,
    to: query.to,
    market: query.market ?? null,
    by: query.by,
    previous,
    timeZones,
    rows,
    totals: { ...now.totals, previous: then.totals },
    vitals: vitalSummaries(vitals),
    ...(query.by.includes("variant")
      ? {
          experiments: experimentResults(
            experiments.filter((e) => !query.market || e.market === query.market),
            counts,
            leads,
          ),
        }
      : {}),
  };
}

/**
 * The totals the Results tool shows: the answer's own for every page, else those of the page's rows alone (their
 * figures added up, and the rate computed again), so a page picked in the tool is never shown with the whole
 * market's figures.
 */
export function shownTotals(results: Results, page: string): Results["totals"] {
  if (!page) return results.totals;
  const rows = results.rows.filter((row) => row.page === page);
  return { ...totalOf(rows), previous: totalOf(rows.map((row) => row.previous)) };
}

const pick = (row: Figures): Figures => ({
  visits: row.visits,
  visitors: row.visitors,
  formStarts: row.formStarts,
  leads: row.leads,
  held: row.held,
  qualified: row.qualified,
  won: row.won,
  qualifiedRate: row.qualifiedRate,
  wonRate: row.wonRate,
  conversionRate: row.conversionRate,
  leadsExceedVisitors: row.leadsExceedVisitors,
});
