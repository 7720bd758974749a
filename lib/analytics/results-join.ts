import type { Market } from "../markets/markets";
import { campaignId, campaignKey, isUncapped, OTHER, type CampaignKey } from "./campaign-key";
import type { GroupedCountRow, LeadCountRow, StageCountRow, VitalTotalRow } from "./counts-store-contract";
import type { Grouping } from "./results-params";
import type { Device } from "./slices";
import { percentileOf, VITAL_METRICS, type Percentile, type VitalMetric } from "./vitals-buckets";
import { wilsonInterval } from "./wilson";

/**
 * Joins the counts (visits, form starts and distinct visitors per day, grouped as the results are) with the leads (per
 * day, market, page, last-touch campaign, variant and device) into the rows the results show, grouped by the market
 * and the asked-for keys. A lead's campaign is normalised as the beacon's was; one whose campaign the counts put under
 * "(other)" that day (past the market's cap) goes there too. A lead stored before devices were recorded has none:
 * grouped by device, it falls in a row without one.
 */
export type Figures = {
  visits: number;
  /** The row's distinct visitors per day, summed over the days of the range; null: not counted. */
  visitors: number | null;
  formStarts: number;
  /** Stored leads, not held. */
  leads: number;
  held: number;
  /** Of those leads, the ones sales qualified (qualified or customer now), and the ones that became customers. */
  qualified: number;
  won: number;
  /** qualified / leads and won / leads; null without leads. */
  qualifiedRate: number | null;
  wonRate: number | null;
  /** leads / visitors with its 95% Wilson interval; null without visitors or when leads exceed them. */
  conversionRate: { value: number; low: number; high: number } | null;
  /** More leads than visitors: their beacons were blocked (an ad blocker, scripts off), so no rate is shown. */
  leadsExceedVisitors: boolean;
};

/** `variant`: `<experiment>--<variant>`, '' for visits and leads outside an experiment. */
export type ResultKey = { market: Market; page?: string; device?: Device; variant?: string } & Partial<CampaignKey>;
export type ResultRow = ResultKey & Figures;

type Sums = {
  visits: number;
  visitors: number | null;
  formStarts: number;
  leads: number;
  held: number;
  qualified: number;
  won: number;
};

const empty = (): Sums => ({ visits: 0, visitors: null, formStarts: 0, leads: 0, held: 0, qualified: 0, won: 0 });

const addVisitors = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

function keyOf(
  row: { market: Market; page?: string; device?: Device; variant?: string } & Partial<CampaignKey>,
  by: readonly Grouping[],
) {
  const key: ResultKey = { market: row.market };
  if (by.includes("page")) key.page = row.page;
  if (by.includes("campaign")) Object.assign(key, { source: row.source, medium: row.medium, campaign: row.campaign });
  if (by.includes("device") && row.device) key.device = row.device;
  if (by.includes("variant")) key.variant = row.variant ?? "";
  return key;
}

const idOf = (key: ResultKey) =>
  [key.market, key.page, key.source, key.medium, key.campaign, key.device, key.variant]
    .map((p) => p ?? "")
    .join("\u0001");

export function figures(sums: Sums): Figures {
  const { leads, visitors } = sums;
  const interval = visitors !== null ? wilsonInterval(leads, visitors) : undefined;
  return {
    visits: sums.visits,
    visitors,
    formStarts: sums.formStarts,
    leads,
    held: sums.held,
    qualified: sums.qualified,
    won: sums.won,
    qualifiedRate: leads ? sums.qualified / leads : null,
    wonRate: leads ? sums.won / leads : null,
    conversionRate: interval && visitors ? { value: leads / visitors, ...interval } : null,
    leadsExceedVisitors: visitors !== null && leads > visitors,
  };
}

/**
 * Rows' figures added up, the rate and its interval computed again from the sums (never averaged). Visitors add up
 * only across rows no visitor can be in twice, such as markets (each has its own visitors).
 */
export function totalOf(rows: readonly Figures[]): Figures {
  const sums = empty();
  for (const row of rows) {
    sums.visits += row.visits;
    sums.visitors = addVisitors(sums.visitors, row.visitors);
    sums.formStarts += row.formStarts;
    sums.leads += row.leads;
    sums.held += row.held;
    sums.qualified += row.qualified;
    sums.won += row.won;
  }
  return figures(sums);
}

/** The page a lead was sent from, as the counts name it. */
export const leadPage = (lead: Pick<LeadCountRow, "market" | "pageSlug">) =>
  lead.pageSlug ? `/${lead.market}/${lead.pageSlug}` : `/${lead.market}`;

/** The rows of the results: `counts` are grouped by `by` already (page_count_rows), a day per row. */
export function joinResults(
  counts: readonly GroupedCountRow[],
  leads: readonly LeadCountRow[],
  by: readonly Grouping[],
  stages: readonly StageCountRow[] = [],
): ResultRow[] {
  const groups = new Map<string, { key: ResultKey; sums: Sums }>();
  const group = (key: ResultKey) => {
    const id = idOf(key);
    let entry = groups.get(id);
    if (!entry) groups.set(id, (entry = { key, sums: empty() }));
    return entry.sums;
  };
  /**
   * The campaigns the counts hold per market and day, to send a lead's capped campaign to "(other)"; never a key the
   * counts do not cap (direct, an ad click without campaign parameters). Only known where the rows name campaigns.
   */
  const counted = new Map<string, Set<string>>();
  for (const row of counts) {
    const sums = group(keyOf(row, by));
    sums.visits += row.visits;
    sums.formStarts += row.formStarts;
    sums.visitors = addVisitors(sums.visitors, row.visitors);
    if (row.source === undefined || row.medium === undefined || row.campaign === undefined) continue;
    const day = `${row.day}:${row.market}`;
    let ids = counted.get(day);
    if (!ids) counted.set(day, (ids = new Set()));
    ids.add(campaignId({ source: row.source, medium: row.medium, campaign: row.campaign }));
  }
  /** A lead's campaign as the counts name it that day. */
  const campaignOf = (lead: Omit<StageCountRow, "qualified" | "won">) => {
    const campaign = campaignKey({
      utm_source: lead.source,
      utm_medium: lead.medium,
      utm_campaign: lead.campaign,
      platform: lead.platform,
    });
    const ids = counted.get(`${lead.day}:${lead.market}`);
    return !isUncapped(campaign) && ids?.has(campaignId(OTHER)) && !ids.has(campaignId(campaign)) ? OTHER : campaign;
  };
  const keyOfLead = (lead: Omit<StageCountRow, "qualified" | "won">) =>
    keyOf(
      {
        market: lead.market,
        page: leadPage(lead),
        variant: lead.variant ?? "",
        ...(lead.device ? { device: lead.device } : {}),
        ...campaignOf(lead),
      },
      by,
    );
  for (const lead of leads) {
    const sums = group(keyOfLead(lead));
    if (lead.held) sums.held += lead.leads;
    else sums.leads += lead.leads;
  }
  // Sales' verdicts fall in their lead's slice, by the day the lead arrived.
  for (const judged of stages) {
    const sums = group(keyOfLead(judged));
    sums.qualified += judged.qualified;
    sums.won += judged.won;
  }
  return [...groups.values()].map(({ key, sums }) => ({ ...key, ...figures(sums) }));
}

export type VitalSummary = { market: Market; page: string } & Record<VitalMetric, Percentile | null>;

/** The 75th percentile of each metric per market and page, over the range's histograms (all devices). */
export function vitalSummaries(rows: readonly VitalTotalRow[]): VitalSummary[] {
  const pages = new Map<string, { market: Market; page: string; histograms: Map<VitalMetric, Map<number, number>> }>();
  for (const row of rows) {
    const id = `${row.market}\u0001${row.page}`;
    let entry = pages.get(id);
    if (!entry) pages.set(id, (entry = { market: row.market, page: row.page, histograms: new Map() }));
    let histogram = entry.histograms.get(row.metric);
    if (!histogram) entry.histograms.set(row.metric, (histogram = new Map()));
    histogram.set(row.bucket, (histogram.get(row.bucket) ?? 0) + row.samples);
  }
  return [...pages.values()].map(({ market, page, histograms }) => {
    const summary = { market, page } as VitalSummary;
    for (const metric of VITAL_METRICS)
      summary[metric] = percentileOf(metric, histograms.get(metric) ?? new Map()) ?? null;
    return summary;
  });
}
