import { toPlainText } from "@portabletext/react";
import type { LandingContent } from "../content/landing-content";
import { MARKET_BY_CODE, MARKET_LOCALES, type Market } from "../markets/markets";
import { marketUrl } from "../markets/site-urls";

/** The market's country: ISO code and its name in the market's language ("México", "Brasil", "Argentina"). */
function country(market: Market) {
  const code = MARKET_BY_CODE[market].country;
  return {
    "@type": "Country",
    name: new Intl.DisplayNames(MARKET_LOCALES[market], { type: "region" }).of(code),
    identifier: code,
  };
}

/**
 * The company as search engines read it, per market and from that market's content: a FinancialService (which
 * Google treats as a local business, so its address is required) serving the market's country, in its language and
 * currency, with the legal entity behind it and where to reach sales.
 */
export function organizationJsonLd(content: LandingContent, market: Market, siteUrl: string, imageUrl: string) {
  const url = marketUrl(siteUrl, market);
  const { company } = content;
  const served = country(market);
  return {
    "@type": "FinancialService",
    "@id": `${url}#organization`,
    name: content.brandName,
    legalName: company.legalName,
    taxID: company.taxId,
    url,
    description: content.seo.description,
    slogan: content.footer.tagline,
    logo: new URL("/icon.svg", siteUrl).toString(),
    image: new URL(imageUrl, siteUrl).toString(),
    email: company.email,
    address: { "@type": "PostalAddress", ...company.address, addressCountry: served.identifier },
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "sales",
      email: company.email,
      areaServed: served.identifier,
      availableLanguage: MARKET_LOCALES[market],
    },
    areaServed: served,
    knowsLanguage: MARKET_LOCALES[market],
    currenciesAccepted: content.currency,
  };
}

/** Every FAQ section's questions as one FAQPage, from the same content the page shows; `null` without an FAQ. */
export function faqJsonLd(content: LandingContent, market: Market, siteUrl: string) {
  const items = content.sections.flatMap((section) => (section._type === "faqSection" ? section.items : []));
  if (items.length === 0) return null;
  return {
    "@type": "FAQPage",
    "@id": `${marketUrl(siteUrl, market)}#faq`,
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: toPlainText(item.answer) },
    })),
  };
}

/** The page's structured data: the company and, when the page has one, its FAQ, in one graph. */
export function pageJsonLd(content: LandingContent, market: Market, siteUrl: string, imageUrl: string) {
  const faq = faqJsonLd(content, market, siteUrl);
  return {
    "@context": "https://schema.org",
    "@graph": [organizationJsonLd(content, market, siteUrl, imageUrl), ...(faq ? [faq] : [])],
  };
}

/** JSON for an inline `<script type="application/ld+json">`: `<` escaped so copy can never close the tag. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
