// The markets, each declared once: everything the site and the meta-conversion function do differently per market
// comes from here (routes, rewrites and the proxy, sitemap and hreflang, the flag, money, addresses, the emails'
// language, the name rule and the country Meta matches on). Shared by the site (Node) and the function (Deno), so it
// imports nothing. docs/development.md#adding-a-market says what else a new market needs.

/** The languages whose words and naming customs the site knows; each market speaks one of them. */
export const LANGUAGES = ["es", "pt"] as const;
export type Language = (typeof LANGUAGES)[number];

/** One shape of a flag, drawn on a 28 × 20 grid (SVG attributes). */
export type FlagShape =
  | { shape: "rect"; x?: number; y?: number; width: number; height: number; fill: string }
  | { shape: "circle"; cx: number; cy: number; r: number; fill: string }
  | { shape: "path"; d: string; fill: string };

/** The fields of a postal address, as the content's company address holds them. */
export const ADDRESS_FIELDS = ["streetAddress", "postalCode", "addressLocality", "addressRegion"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export type MarketDeclaration = {
  /** The market's name in English, for the Studio (the marketers' tool). */
  name: string;
  /** BCP 47: `<html lang>`, hreflang, and every number and date shown to the market. */
  locale: string;
  /** The language of the emails written for the market's sales team, and its naming customs. */
  language: Language;
  /** ISO 3166-1 alpha-2: public holidays, structured data, and the country Meta matches a lead on. */
  country: string;
  /** ISO 4217: the local equivalents of the USD ranges, and how they are written. */
  currency: string;
  currencyStyle: Intl.NumberFormatOptions;
  /**
   * The market's international calling code: the country a number typed on its page most likely belongs to, offered
   * when a number does not fit the selected code. Not the form's default code, which is content (the spec
   * pre-selects 52 outside Brazil).
   */
  callingCode: string;
  /** IANA: where the market's sales team works (the time a lead arrived, in the sales email). */
  timeZone: string;
  /** How the market writes an address: each of ADDRESS_FIELDS once, in braces. */
  addressFormat: string;
  flag: readonly [FlagShape, ...FlagShape[]];
};

/**
 * The market codes: the path prefix (`/mx`) and the stored lead's `market`, two lower-case letters. In the order of the
 * header's flag button, which cycles through them (docs/requirements.md#page-layout: Mexico → Brazil → Argentina →
 * Mexico). Apart from the declarations below so that code needing only the codes (the page's inline script) carries
 * nothing else.
 */
export const MARKETS = ["mx", "br", "ar"] as const;
export type Market = (typeof MARKETS)[number];

/**
 * Each market's declaration, by code. `satisfies` ties it to MARKETS: a code without a declaration, or a declaration
 * without a code, does not compile.
 */
export const MARKET_BY_CODE = {
  mx: {
    name: "Mexico",
    locale: "es-MX",
    language: "es",
    country: "MX",
    currency: "MXN",
    // A bare "$" beside "US$" is ambiguous: pesos show their ISO code ("MXN 85,000").
    currencyStyle: { currencyDisplay: "code" },
    callingCode: "52",
    timeZone: "America/Mexico_City",
    addressFormat: "{streetAddress}, {postalCode} {addressLocality}, {addressRegion}",
    flag: [
      { shape: "rect", width: 28, height: 20, fill: "#fff" },
      { shape: "rect", width: 9.33, height: 20, fill: "#006847" },
      { shape: "rect", x: 18.67, width: 9.33, height: 20, fill: "#ce1126" },
      { shape: "circle", cx: 14, cy: 10, r: 2.6, fill: "#8c6a2f" },
    ],
  },
  br: {
    name: "Brazil",
    locale: "pt-BR",
    language: "pt",
    country: "BR",
    currency: "BRL",
    // "R$" is unambiguous, and Brazilians write round amounts in words ("R$ 25 mil").
    currencyStyle: { notation: "compact" },
    callingCode: "55",
    timeZone: "America/Sao_Paulo",
    addressFormat: "{streetAddress}, {addressLocality} – {addressRegion}, {postalCode}",
    flag: [
      { shape: "rect", width: 28, height: 20, fill: "#009c3b" },
      { shape: "path", d: "M14 2.5 25.5 10 14 17.5 2.5 10Z", fill: "#ffdf00" },
      { shape: "circle", cx: 14, cy: 10, r: 4.3, fill: "#002776" },
    ],
  },
  ar: {
    name: "Argentina",
    // Argentina, never Arabic.
    locale: "es-AR",
    language: "es",
    country: "AR",
    currency: "ARS",
    currencyStyle: { currencyDisplay: "code" },
    callingCode: "54",
    timeZone: "America/Argentina/Buenos_Aires",
    addressFormat: "{streetAddress}, {postalCode} {addressLocality}, {addressRegion}",
    flag: [
      { shape: "rect", width: 28, height: 20, fill: "#74acdf" },
      { shape: "rect", y: 6.67, width: 28, height: 6.67, fill: "#fff" },
      { shape: "circle", cx: 14, cy: 10, r: 2.2, fill: "#f6b40e" },
    ],
  },
} as const satisfies { readonly [M in Market]: MarketDeclaration };

/** docs/requirements.md#routes-and-languages: where `/` sends the visitor, and the language of any other path. */
export const DEFAULT_MARKET: Market = "mx";

/** One field of every market, by code: `{ mx: "es-MX", br: "pt-BR", ar: "es-AR" }` for "locale". */
function byCode<K extends keyof MarketDeclaration>(key: K) {
  return Object.fromEntries(MARKETS.map((market) => [market, MARKET_BY_CODE[market][key]])) as {
    readonly [M in Market]: (typeof MARKET_BY_CODE)[M][K];
  };
}
export const MARKET_LOCALES = /* @__PURE__ */ byCode("locale");
export const MARKET_CURRENCIES = /* @__PURE__ */ byCode("currency");
/** Market names in English, for the Studio. */
export const MARKET_NAMES = /* @__PURE__ */ byCode("name");

export type MarketLocale = (typeof MARKET_LOCALES)[Market];
export type MarketCurrency = (typeof MARKET_CURRENCIES)[Market];

/** The codes as a regular expression alternation (`mx|br|ar`), for route patterns. */
export const MARKET_CODES_PATTERN = /* @__PURE__ */ MARKETS.join("|");

export function isMarket(value: unknown): value is Market {
  return typeof value === "string" && (MARKETS as readonly string[]).includes(value);
}

/**
 * docs/requirements.md#routes-and-languages: a path starting with a market's code is that market's; anything else
 * the default market's.
 */
export function marketFromPath(pathname: string): Market {
  const first = pathname.split("/")[1];
  return isMarket(first) ? first : DEFAULT_MARKET;
}

/** The market the flag button goes to: the next one in MARKETS, the last going back to the first. */
export function nextMarket(market: Market): Market {
  return MARKETS[(MARKETS.indexOf(market) + 1) % MARKETS.length]!;
}
