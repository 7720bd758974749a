/** The three markets. The URL prefix is the market; `ar` is Argentina (es-AR), never Arabic. */
export const MARKETS = ["mx", "br", "ar"] as const;
export type Market = (typeof MARKETS)[number];

export const DEFAULT_MARKET: Market = "mx";

export const MARKET_LOCALES: Record<Market, "es-MX" | "pt-BR" | "es-AR"> = {
  mx: "es-MX",
  br: "pt-BR",
  ar: "es-AR",
};

/** Each market's currency, for the local equivalents of the amount ranges. */
export const MARKET_CURRENCIES = { mx: "MXN", br: "BRL", ar: "ARS" } as const;

/** Market names in English, for the Studio (the marketers' tool). */
export const MARKET_NAMES: Record<Market, string> = { mx: "Mexico", br: "Brazil", ar: "Argentina" };

export function isMarket(value: unknown): value is Market {
  return typeof value === "string" && (MARKETS as readonly string[]).includes(value);
}

/**
 * docs/requirements.md#routes-and-languages: a path starting with /br is Portuguese, /ar Argentine Spanish, anything
 * else Mexican Spanish.
 */
export function marketFromPath(pathname: string): Market {
  const first = pathname.split("/")[1] ?? "";
  return first === "br" || first === "ar" ? first : DEFAULT_MARKET;
}

/** The flag control cycles Mexico → Brazil → Argentina → Mexico. */
export function nextMarket(market: Market): Market {
  return MARKETS[(MARKETS.indexOf(market) + 1) % MARKETS.length] ?? DEFAULT_MARKET;
}
