import { DEFAULT_MARKET, MARKETS, MARKET_LOCALES, type Market } from "./markets";

/** Absolute URL of a market's landing page, for canonical links, hreflang alternates and the sitemap. */
export function marketUrl(siteUrl: string, market: Market): string {
  return new URL(`/${market}`, siteUrl).toString();
}

/** hreflang alternates: every market plus x-default (the default market, where "/" redirects). */
export function hreflangAlternates(siteUrl: string): Record<string, string> {
  const languages: Record<string, string> = {};
  for (const market of MARKETS) languages[MARKET_LOCALES[market]] = marketUrl(siteUrl, market);
  languages["x-default"] = marketUrl(siteUrl, DEFAULT_MARKET);
  return languages;
}

/** Absolute URL of a campaign page. */
export function campaignUrl(siteUrl: string, market: Market, slug: string): string {
  return new URL(`/${market}/${slug}`, siteUrl).toString();
}
