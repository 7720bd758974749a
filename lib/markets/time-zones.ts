import { MARKET_BY_CODE, MARKETS, type Market } from "./markets";

/** Each market's time zone (its declaration's): where a marketer's day starts and ends, as the results count days. */
export const MARKET_TIME_ZONES = Object.fromEntries(
  MARKETS.map((market) => [market, MARKET_BY_CODE[market].timeZone]),
) as Record<Market, string>;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in the market's time zone. */
export function marketDay(market: Market, at: Date = new Date()): string {
  const zone = MARKET_TIME_ZONES[market];
  let format = dayFormats.get(zone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(zone, format);
  }
  return format.format(at);
}
