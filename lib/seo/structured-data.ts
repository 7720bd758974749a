import type { LandingContent } from "../content/landing-content";
import { MARKET_LOCALES, type Market } from "../markets/markets";
import { marketUrl } from "../markets/site-urls";

/**
 * The company as search engines read it, per market and from that market's content: a FinancialService (an
 * Organization) serving the market's country, in its language and currency.
 */
export function organizationJsonLd(content: LandingContent, market: Market, siteUrl: string, imageUrl: string) {
  const url = marketUrl(siteUrl, market);
  return {
    "@context": "https://schema.org",
    "@type": "FinancialService",
    "@id": `${url}#organization`,
    name: content.brandName,
    url,
    description: content.seo.description,
    slogan: content.footer.tagline,
    logo: new URL("/icon.svg", siteUrl).toString(),
    image: new URL(imageUrl, siteUrl).toString(),
    areaServed: { "@type": "Country", identifier: MARKET_LOCALES[market].slice(-2) },
    knowsLanguage: MARKET_LOCALES[market],
    currenciesAccepted: content.currency,
  };
}

/** JSON for an inline `<script type="application/ld+json">`: `<` escaped so copy can never close the tag. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
