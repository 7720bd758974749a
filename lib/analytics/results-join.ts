import type { Market } from "../markets/markets";
import { campaignId, campaignKey, isUncapped, OTHER, type CampaignKey } from "./campaign-key";
import type { GroupedCountRow, LeadCountRow, StageCountRow, VitalTotalRow } from "./counts-store-contract";
import type { Grouping } from "./results-params";
import type { Device } from "./slices";
import { percentileOf, VITAL_METRICS, type Percentile, type VitalMetric } from "./vitals-buckets";
import { wilsonInterval } from "./wilson";

/**
 * Joins the counts (visits, form starts and distinct visitors per day, grouped as the results are) with the leads (per
 * day, market, page and last-touch campaign) into the rows the results show, grouped by the market and the asked-for
 * keys. A lead's campaign is normalised as the beacon's was; one whose campaign the counts put under "(other)" that day
 * (past the market's cap) goes there too. Leads are not recorded per device: grouped by device, a row's leads are null.
 */
export type Figures = {
  visits: number;
  /** The row's distinct visitors per day, summed over the days of the range; null: not counted. */
  visitors: number | null;
  formStarts: number;
  /** Stored leads, not held; null where the row is a device class (leads carry none). */
  leads: number | null;
  held: number | null;
  /** Of those leads, the ones sales qualified (qualified or customer now), and the ones that became customers. */
  qualified: number | null;
  won: number | null;
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

export function figures(sums: Sums, leadsKnown: boolean): Figures {
  const leads = leadsKnown ? sums.leads : null;
  const exceed = leads !== null && sums.visitors !== null && leads > sums.visitors;
  const interval = leads !== null && sums.visitors !== null ? wilsonInterval(leads, sums.visitors) : undefined;
  return {
    visits: sums.visits,
    visitors: sums.visitors,
    formStarts: sums.formStarts,
    leads,
    held: leadsKnown ? sums.held : null,
    qualified: leadsKnown ? sums.qualified : null,
    won: leadsKnown ? sums.won : null,
    qualifiedRate: leads ? sums.qualified / leads : null,
    wonRate: leads ? sums.won / leads : null,
    conversionRate: interval && sums.visitors ? { value: leads! / sums.visitors, ...interval } : null,
    leadsExceedVisitors: exceed,
  };
}

/**
 * Rows' figures added up, the rate and its interval computed again from the sums (never averaged); leads unknown
 * where a row's are (a device class). Visitors add up only across rows no visitor can be in twice: markets (each has
 * its own visitors), or one page's campaigns and devices as an estimate from above.
 */
export function totalOf(rows: readonly Figures[]): Figures {
  const sums = empty();
  for (const row of rows) {
    sums.visits += row.visits;
    sums.visitors = addVisitors(sums.visitors, row.visitors);
    sums.formStarts += row.formStarts;
    sums.leads += row.leads ?? 0;
    sums.held += row.held ?? 0;
    sums.qualified += row.qualified ?? 0;
    sums.won += row.won ?? 0;
  }
  return figures(
    sums,
    rows.every((row) => row.leads !== null),
  );
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
  // Leads carry no device class: grouped by device, they are in the totals only.
  if (by.includes("device")) return [...groups.values()].map(({ key, sums }) => ({ ...key, ...figures(sums, false) }));
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
  for (const lead of leads) {
    const sums = group(
      keyOf({ market: lead.market, page: leadPage(lead), variant: lead.variant ?? "", ...campaignOf(lead) }, by),
    );
    if (lead.held) sums.held += lead.leads;
    else sums.leads += lead.leads;
  }
  // Sales' verdicts fall in their lead's slice, by the day the lead arrived.
  for (const judged of stages) {
    const sums = group(
      keyOf(
        { market: judged.market, page: leadPage(judged), variant: judged.variant ?? "", ...campaignOf(judged) },
        by,
      ),
    );
    sums.qualified += judged.qualified;
    sums.won += judged.won;
  }
  return [...groups.values()].map(({ key, sums }) => ({ ...key, ...figures(sums, true) }));
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
