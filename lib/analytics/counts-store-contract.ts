import type { Market } from "../markets/markets";
import type { Device, Slice } from "./slices";
import type { VisitorCount, VisitorGroup } from "./visitor-groupings";
import type { VitalMetric } from "./vitals-buckets";

/**
 * What every counts store shares (the embedded PGlite database and Supabase, both through the SQL functions of the
 * page_counts migration): the rows written and read. A leaf module, so the chooser and each store import it without
 * importing one another.
 */

/** A slice's increments: visits and form starts. */
export type CountRow = Slice & { visits: number; formStarts: number };

/**
 * A day's counts of one group of slices (the parts not grouped left out) and the group's distinct visitors that day
 * (null: not counted).
 */
export type GroupedCountRow = Omit<VisitorGroup, "groupedBy"> & {
  visits: number;
  formStarts: number;
  visitors: number | null;
};

/** Samples added to one bucket of one histogram. */
export type VitalRow = {
  day: string;
  market: Market;
  page: string;
  device: Device;
  metric: VitalMetric;
  bucket: number;
  samples: number;
};

/** A histogram's bucket over a range of days. */
export type VitalTotalRow = Omit<VitalRow, "day">;

/** Leads per day, market, page, last-touch campaign (raw, normalised by the results) and hold. */
export type LeadCountRow = {
  day: string;
  market: Market;
  pageSlug: string | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  platform: string | null;
  held: boolean;
  /** The experiment variant the leads were shown (`<experiment>--<variant>`); '' outside an experiment. */
  variant?: string;
  /** The device class they were sent from; '' for leads stored before it was recorded. */
  device?: Device | "";
  leads: number;
};

/**
 * Leads judged by sales, per day the lead arrived, market, page and last-touch campaign (as LeadCountRow), counted once
 * by their latest stage: qualified (qualified or customer) and won (customer).
 */
export type StageCountRow = Omit<LeadCountRow, "held" | "leads"> & { qualified: number; won: number };

export type DayRange = { from: string; to: string; market?: Market };

export interface CountsStore {
  /** Adds a batch of slices' increments in one write; new campaign keys past `campaignCap` count as "(other)". */
  recordCounts(rows: readonly CountRow[], campaignCap: number): Promise<void>;
  /** Puts each group's running count of the day; a campaign key the counts put under "(other)" goes there too. */
  recordVisitors(rows: readonly VisitorCount[]): Promise<void>;
  recordVitals(rows: readonly VitalRow[]): Promise<void>;
  /** The counts per day grouped by the parts `groupedBy` names (visitor-groupings.ts), each with its visitors. */
  countRows(range: DayRange, groupedBy: number): Promise<GroupedCountRow[]>;
  vitalRows(range: DayRange): Promise<VitalTotalRow[]>;
  leadRows(range: DayRange, zones: Record<Market, string>): Promise<LeadCountRow[]>;
  stageRows(range: DayRange, zones: Record<Market, string>): Promise<StageCountRow[]>;
}

/** The store could not be reached or refused the call: counts stay buffered, the results answer 503. */
export class CountsUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CountsUnavailableError";
  }
}

/** JSON numbers from the database (bigint as a string on some drivers) as numbers. */
export const toNumber = (value: unknown): number => (typeof value === "number" ? value : Number(value ?? 0));
