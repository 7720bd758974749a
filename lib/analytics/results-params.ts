import { isMarket, MARKETS, type Market } from "../markets/markets";
import { GROUPINGS, type Grouping } from "./slices";

export { GROUPINGS, type Grouping };

/** The longest range one request may ask for, in days (both ends included). */
export const MAX_RANGE_DAYS = 366;

export type ResultsQuery = { from: string; to: string; market?: Market; by: Grouping[] };

export type ParamError = { parameter: string; error: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A calendar date as written (YYYY-MM-DD) that exists (no 2026-02-30). */
export function isDate(value: string | null): value is string {
  if (!value || !DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The period of equal length just before a range. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = daysBetween(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/**
 * GET /api/results' parameters: `from` and `to` (dates, from ≤ to, at most MAX_RANGE_DAYS days), optional `market`,
 * and `by` (repeatable: page, campaign, device, variant; page when none is given). An error names the parameter.
 */
export function parseResultsQuery(params: URLSearchParams): ResultsQuery | ParamError {
  const from = params.get("from");
  const to = params.get("to");
  if (!isDate(from)) return { parameter: "from", error: "from must be a date written YYYY-MM-DD" };
  if (!isDate(to)) return { parameter: "to", error: "to must be a date written YYYY-MM-DD" };
  if (to < from) return { parameter: "to", error: "to must not be before from" };
  if (daysBetween(from, to) > MAX_RANGE_DAYS)
    return { parameter: "to", error: `the range may span at most ${MAX_RANGE_DAYS} days` };
  const market = params.get("market");
  if (market !== null && !isMarket(market))
    return { parameter: "market", error: `market must be one of ${MARKETS.join(", ")}` };
  const by: Grouping[] = [];
  for (const value of params.getAll("by")) {
    if (!(GROUPINGS as readonly string[]).includes(value))
      return { parameter: "by", error: `by must be ${GROUPINGS.join(", ")} (repeat it for several)` };
    if (!by.includes(value as Grouping)) by.push(value as Grouping);
  }
  return { from, to, ...(market ? { market } : {}), by: by.length > 0 ? by : ["page"] };
}

export const isParamError = (value: ResultsQuery | ParamError): value is ParamError => "parameter" in value;
