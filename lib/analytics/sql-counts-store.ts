import type { Market } from "../markets/markets";
import { UNCAPPED_KEYS } from "./campaign-key.ts";
import {
  CountsUnavailableError,
  toNumber,
  type CountRow,
  type CountsStore,
  type DayRange,
  type GroupedCountRow,
  type LeadCountRow,
  type StageCountRow,
  type VitalRow,
  type VitalTotalRow,
} from "./counts-store-contract.ts";
import type { VisitorCount } from "./visitor-groupings.ts";

/**
 * How a store calls the page_counts migration's SQL functions: by name with named JSON arguments, answering JSON.
 * Supabase does it over PostgREST (POST /rest/v1/rpc/<name>), the embedded store in SQL: both run the same functions
 * under the same role, so one class reads and writes both.
 */
export type CallFunction = (name: string, args: Record<string, unknown>) => Promise<unknown>;

const rowsOf = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value : []);

export class SqlCountsStore implements CountsStore {
  private readonly call: CallFunction;

  // Not a parameter property: the benchmark loads this file with Node's own TypeScript support, which only strips types.
  constructor(call: CallFunction) {
    this.call = call;
  }

  private async run(name: string, args: Record<string, unknown>): Promise<unknown> {
    try {
      return await this.call(name, args);
    } catch (error) {
      throw new CountsUnavailableError(`The counts store did not answer ${name}`, { cause: error });
    }
  }

  async recordCounts(rows: readonly CountRow[], campaignCap: number): Promise<void> {
    if (rows.length > 0)
      await this.run("record_page_counts", { counts: rows, campaign_cap: campaignCap, uncapped: UNCAPPED_KEYS });
  }

  async recordVisitors(rows: readonly VisitorCount[]): Promise<void> {
    if (rows.length > 0) await this.run("record_page_visitors", { counts: rows, uncapped: UNCAPPED_KEYS });
  }

  async recordVitals(rows: readonly VitalRow[]): Promise<void> {
    if (rows.length > 0) await this.run("record_page_vitals", { vitals: rows });
  }

  async countRows({ from, to, market }: DayRange, groupedBy: number): Promise<GroupedCountRow[]> {
    const rows = rowsOf(
      await this.run("page_count_rows", { from_day: from, to_day: to, only_market: market ?? null, parts: groupedBy }),
    );
    return rows.map((row) => ({
      ...(row as unknown as GroupedCountRow),
      visits: toNumber(row.visits),
      formStarts: toNumber(row.formStarts),
      visitors: row.visitors === null || row.visitors === undefined ? null : toNumber(row.visitors),
    }));
  }

  async vitalRows({ from, to, market }: DayRange): Promise<VitalTotalRow[]> {
    const rows = rowsOf(await this.run("page_vital_rows", { from_day: from, to_day: to, only_market: market ?? null }));
    return rows.map((row) => ({
      ...(row as unknown as VitalTotalRow),
      bucket: toNumber(row.bucket),
      samples: toNumber(row.samples),
    }));
  }

  async leadRows({ from, to, market }: DayRange, zones: Record<Market, string>): Promise<LeadCountRow[]> {
    const rows = rowsOf(
      await this.run("lead_count_rows", { from_day: from, to_day: to, zones, only_market: market ?? null }),
    );
    return rows.map((row) => ({ ...(row as unknown as LeadCountRow), leads: toNumber(row.leads) }));
  }

  /** Sales' verdicts beside the leads (the lead_stages migration's lead_stage_rows, the server's role only). */
  async stageRows({ from, to, market }: DayRange, zones: Record<Market, string>): Promise<StageCountRow[]> {
    const rows = rowsOf(
      await this.run("lead_stage_rows", { from_day: from, to_day: to, zones, only_market: market ?? null }),
    );
    return rows.map((row) => ({
      ...(row as unknown as StageCountRow),
      qualified: toNumber(row.qualified),
      won: toNumber(row.won),
    }));
  }
}
