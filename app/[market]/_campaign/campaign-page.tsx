import type { Metadata } from "next";
import { notFound, unstable_rethrow } from "next/navigation";
import { cache } from "react";
import { findCampaignRoute, getCampaignLanding } from "@/lib/campaign/campaign-source";
import { getLanding } from "@/lib/content/landing-source";
import { readPublicEnv } from "@/lib/env/env";
import { isMarket, type Market } from "@/lib/markets/markets";
import { campaignUrl, marketUrl } from "@/lib/markets/site-urls";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { ERROR_TITLE } from "../../_components/error-fallback";
import { LandingView } from "../../_components/landing-view";

/**
 * What `/<market>/<slug>` shows, published or in a draft preview: the campaign page, or the market's page where the
 * address has none (a preview of an address its perspective has no page for, a page unpublished since proxy.ts read
 * the list). Shared by the two routes proxy.ts sends those addresses to (campaign/ and draft/ beside this folder).
 */
const campaignFor = cache(async (market: Market, slug: string, preview: boolean) => {
  const route = await findCampaignRoute(market, slug, { preview });
  if (route) return { route, ...(await getCampaignLanding(route, { preview })) };
  return { route: null, content: await getLanding(market, { preview }), campaign: null };
});

type Params = Promise<{ market: string; slug: string }>;

async function load(params: Params, preview: boolean) {
  const { market, slug } = await params;
  if (!isMarket(market)) notFound();
  return { market, slug, preview, ...(await campaignFor(market, slug, preview)) };
}

export async function campaignMetadata(params: Params, preview: boolean): Promise<Metadata> {
  let loaded: Awaited<ReturnType<typeof load>>;
  try {
    loaded = await load(params, preview);
  } catch (error) {
    unstable_rethrow(error);
    return { title: ERROR_TITLE, robots: { index: false } };
  }
  const { market, route, content } = loaded;
  const siteUrl = readPublicEnv().NEXT_PUBLIC_SITE_URL;
  if (!route)
    return pageMetadata(market, content, { url: marketUrl(siteUrl, market), canonical: marketUrl(siteUrl, market) });
  const url = campaignUrl(siteUrl, market, route.slug);
  // Not indexed unless the marketer says so: the market's page is then the one search engines keep. Never the
  // market's hreflang alternates, which name the market pages, not this one.
  return pageMetadata(market, content, { url, canonical: route.indexed ? url : marketUrl(siteUrl, market) });
}

export async function CampaignPage({ params, preview }: { params: Params; preview: boolean }) {
  const { market, route, content, campaign } = await load(params, preview);
  return (
    <LandingView market={market} preview={preview} content={content} page={route?.slug} preset={campaign?.preset} />
  );
}
