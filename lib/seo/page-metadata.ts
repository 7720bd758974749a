import type { Metadata } from "next";
import { stegaClean } from "next-sanity";
import { sanityImageProject } from "../content/content-images";
import type { LandingContent } from "../content/landing-content";
import { readPublicEnv } from "../env/env";
import { MARKET_LOCALES, type Market } from "../markets/markets";
import { socialImage } from "./social-image";

/**
 * The <head> of a landing page: its title, description and social image, `url` its own address, `canonical` the one
 * search engines should index, `languages` its hreflang alternates (the market pages only).
 */
export function pageMetadata(
  market: Market,
  content: LandingContent,
  { url, canonical, languages }: { url: string; canonical: string; languages?: Record<string, string> },
): Metadata {
  const env = readPublicEnv();
  // Draft previews carry invisible visual-editing markers in copy; the <head> and link previews must not.
  const { brandName, seo } = stegaClean({ brandName: content.brandName, seo: content.seo });
  const image = socialImage(market, seo.ogImage, sanityImageProject(env));
  return {
    metadataBase: new URL(env.NEXT_PUBLIC_SITE_URL),
    title: seo.title,
    description: seo.description,
    alternates: { canonical, ...(languages ? { languages } : {}) },
    openGraph: {
      type: "website",
      url,
      siteName: brandName,
      title: seo.title,
      description: seo.description,
      locale: MARKET_LOCALES[market].replace("-", "_"),
      images: [{ ...image, alt: seo.title }],
    },
    twitter: {
      card: "summary_large_image",
      title: seo.title,
      description: seo.description,
      images: [{ url: image.url, alt: seo.title }],
    },
  };
}
