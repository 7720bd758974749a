import "server-only";
import Holidays from "date-holidays";
import { MARKET_BY_CODE, type Market } from "../markets/markets";

/**
 * Days the market's sales team does not work besides weekends: the national public holidays and the bank holidays
 * (a payments team stops with the banks: Holy Thursday in Mexico, Carnival in Brazil), from date-holidays' maintained
 * rules. Marketers add or reopen days in the Studio (the follow-up's day overrides). Server only: the rules are large.
 */
const TYPES = new Set(["public", "bank"]);

const calendars = new Map<Market, { holidays: Holidays; years: Map<number, Set<string>> }>();

/** Whether `date` (YYYY-MM-DD) is a holiday for `market`'s sales team. */
export function isPublicHoliday(market: Market, date: string): boolean {
  let calendar = calendars.get(market);
  if (!calendar) {
    calendar = { holidays: new Holidays(MARKET_BY_CODE[market].country), years: new Map() };
    calendars.set(market, calendar);
  }
  const year = Number(date.slice(0, 4));
  let days = calendar.years.get(year);
  if (!days) {
    days = new Set(
      calendar.holidays
        .getHolidays(year)
        .filter((h) => TYPES.has(h.type))
        .map((h) => h.date.slice(0, 10)),
    );
    calendar.years.set(year, days);
  }
  return days.has(date);
}
