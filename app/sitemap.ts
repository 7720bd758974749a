import type { MetadataRoute } from "next";
import { readPublicEnv } from "@/lib/env/env";
import { MARKETS } from "@/lib/markets/markets";
import { hreflangAlternates, marketUrl } from "@/lib/markets/site-urls";

export default function sitemap(): MetadataRoute.Sitemap {
  const siteUrl = readPublicEnv().NEXT_PUBLIC_SITE_URL;
  return MARKETS.map((market) => ({
    url: marketUrl(siteUrl, market),
    changeFrequency: "weekly",
    priority: 1,
    alternates: { languages: hreflangAlternates(siteUrl) },
  }));
}
