import type { MetadataRoute } from "next";
import { getCampaignRoutes } from "@/lib/campaign/campaign-source";
import { readPublicEnv } from "@/lib/env/env";
import { MARKETS } from "@/lib/markets/markets";
import { campaignUrl, hreflangAlternates, marketUrl } from "@/lib/markets/site-urls";

// Refreshed with the list of campaign pages (the webhook), this is the safety net.
export const revalidate = 3600;

/**
 * Each market's page with its language alternates, and the campaign pages whose marketers chose to have them indexed
 * (without alternates: they have none). No `changefreq` or `priority`: search engines ignore both, and Next writes
 * them after the alternates, which the sitemaps.org schema refuses.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const siteUrl = readPublicEnv().NEXT_PUBLIC_SITE_URL;
  const campaigns = (await getCampaignRoutes()).filter((route) => route.indexed);
  return [
    ...MARKETS.map((market) => ({
      url: marketUrl(siteUrl, market),
      alternates: { languages: hreflangAlternates(siteUrl) },
    })),
    ...campaigns.map((route) => ({ url: campaignUrl(siteUrl, route.market, route.slug) })),
  ];
}
