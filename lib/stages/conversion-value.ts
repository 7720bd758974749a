import "server-only";
import { CONVERSION_VALUES_QUERY } from "../content/queries";
import type { CONVERSION_VALUES_QUERY_RESULT } from "../content/sanity.types";
import { readMarketContent } from "../content/market-content-reader";
import type { Volume } from "../leads/options";
import { log } from "../logging/logger";
import type { Market } from "../markets/markets";
import { conversionValueKey } from "./conversion-value-keys";

/** A value of the table as the platforms take it: a finite, non-negative amount in cents at most; else none. */
export function valueOf(table: Partial<Record<string, unknown>> | null | undefined, volume: Volume): number | null {
  const value = table?.[conversionValueKey(volume)];
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.round(value * 100) / 100 : null;
}

/**
 * What a lead of `volume` is worth in `market`, in USD, by the table marketers edit in the Studio (the landing page's
 * "Conversion value by monthly volume"); null when the range has no value or the content cannot be read (the
 * conversion then goes without one, rather than not at all).
 */
export async function conversionValue(market: Market, volume: Volume): Promise<number | null> {
  try {
    const table = await readMarketContent<CONVERSION_VALUES_QUERY_RESULT>(CONVERSION_VALUES_QUERY, market, {
      preview: false,
      cacheKey: "conversion-values",
    });
    return valueOf(table, volume);
  } catch (error) {
    log.error("content.failed", `The ${market} conversion values could not be read`, { market, err: error });
    return null;
  }
}
