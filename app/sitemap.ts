import type { MetadataRoute } from "next";
import { readPublicEnv } from "@/lib/env/env";
import { MARKETS } from "@/lib/markets/markets";
import { hreflangAlternates, marketUrl } from "@/lib/markets/site-urls";

/**
 * Each market's page with its language alternates. No `changefreq` or `priority`: search engines ignore both, and
 * Next writes them after the alternates, which the sitemaps.org schema refuses.
 */
export default function sitemap(): MetadataRoute.Sitemap {
  const siteUrl = readPublicEnv().NEXT_PUBLIC_SITE_URL;
  return MARKETS.map((market) => ({
    url: marketUrl(siteUrl, market),
    alternates: { languages: hreflangAlternates(siteUrl) },
  }));
}
