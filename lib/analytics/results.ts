import type { Market } from "../markets/markets";
import { experimentResults, type ExperimentDefinition, type ExperimentResult } from "../experiments/experiment-results";
import type { CountsStore, DayRange, GroupedCountRow } from "./counts-store-contract";
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
import { partsOf } from "./visitor-groupings";

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
  /** Each page's own figures (its distinct visitors, not its rows' added up), for the totals of one page. */
  pages: (ResultKey & { page: string } & Figures & { previous: Figures })[];
  /** Field speed: the 75th percentile of LCP, INP and CLS per market and page, with the samples behind each. */
  vitals: VitalSummary[];
  /** With by=variant: each experiment of the range's markets, its variants compared with the control. */
  experiments?: ExperimentResult[];
};

const NOTHING: Figures = figures({ visits: 0, visitors: null, formStarts: 0, leads: 0, held: 0, qualified: 0, won: 0 });
const keyId = (row: ResultKey) =>
  [row.market, row.page, row.source, row.medium, row.campaign, row.device, row.variant]
    .map((p) => p ?? "")
    .join("\u0001");

/** The figures of one period: the rows as asked, each market's and each page's, and the experiments' counts. */
async function readPeriod(
  store: CountsStore,
  range: DayRange,
  by: readonly Grouping[],
  timeZones: Record<Market, string>,
) {
  // One read per grouping: the rows asked by page alone are the pages' own.
  const reads = new Map<number, Promise<GroupedCountRow[]>>();
  const countsBy = (parts: readonly Grouping[]) => {
    const bits = partsOf(parts);
    let read = reads.get(bits);
    if (!read) reads.set(bits, (read = store.countRows(range, bits)));
    return read;
  };
  const [counts, markets, pages, variants, leads, stages] = await Promise.all([
    countsBy(by),
    countsBy([]),
    countsBy(["page"]),
    by.includes("variant") ? countsBy(["page", "variant"]) : [],
    store.leadRows(range, timeZones),
    store.stageRows(range, timeZones),
  ]);
  return {
    rows: joinResults(counts, leads, by, stages),
    totals: totalOf(joinResults(markets, leads, [], stages)),
    pages: joinResults(pages, leads, ["page"], stages) as (ResultKey & { page: string } & Figures)[],
    variants,
    leads,
  };
}

/** Rows of the period and of the one before it, side by side; a row seen only before is shown with nothing now. */
function sideBySide<Row extends ResultKey & Figures>(now: readonly Row[], then: readonly Row[]) {
  const earlier = new Map(then.map((row) => [keyId(row), row]));
  const rows: (Row & { previous: Figures })[] = now.map((row) => {
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
    rows.push({ ...(key as Row), ...NOTHING, previous: pick(row) });
  }
  return rows;
}

/** The results of a query and of the period before it, side by side, row by row. */
export async function readResults(
  store: CountsStore,
  query: ResultsQuery,
  timeZones: Record<Market, string>,
  experiments: readonly ExperimentDefinition[] = [],
): Promise<Results> {
  const previous = previousPeriod(query.from, query.to);
  const only = query.market ? { market: query.market } : {};
  const range = { from: query.from, to: query.to, ...only };
  const [now, then, vitals] = await Promise.all([
    readPeriod(store, range, query.by, timeZones),
    readPeriod(store, { ...previous, ...only }, query.by, timeZones),
    store.vitalRows(range),
  ]);
  return {
    from: query.from,
    to: query.to,
    market: query.market ?? null,
    by: query.by,
    previous,
    timeZones,
    rows: sideBySide(now.rows, then.rows),
    totals: { ...now.totals, previous: then.totals },
    pages: sideBySide(now.pages, then.pages),
    vitals: vitalSummaries(vitals),
    ...(query.by.includes("variant")
      ? {
          experiments: experimentResults(
            experiments.filter((e) => !query.market || e.market === query.market),
            now.variants,
            now.leads,
          ),
        }
      : {}),
  };
}

/**
 * The totals the Results tool shows: the answer's own for every page, else the page's own figures, so a page picked in
 * the tool is never shown with the whole market's figures, nor with its rows' visitors added up.
 */
export function shownTotals(results: Results, page: string): Results["totals"] {
  if (!page) return results.totals;
  const own = results.pages.find((row) => row.page === page);
  return own ? { ...pick(own), previous: own.previous } : { ...NOTHING, previous: NOTHING };
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
