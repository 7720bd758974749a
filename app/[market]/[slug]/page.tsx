import type { Metadata } from "next";
import { draftMode } from "next/headers";
import { notFound, unstable_rethrow } from "next/navigation";
import { cache } from "react";
import { findCampaignRoute, getCampaignLanding, getCampaignRoutes } from "@/lib/campaign/campaign-source";
import { getLanding } from "@/lib/content/landing-source";
import { readPublicEnv } from "@/lib/env/env";
import { isMarket, type Market } from "@/lib/markets/markets";
import { campaignUrl, marketUrl } from "@/lib/markets/site-urls";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { ERROR_TITLE } from "../../_components/error-fallback";
import { LandingView } from "../../_components/landing-view";

/**
 * A campaign page. proxy.ts sends here only the slugs of published campaign pages (every other path below a market
 * shows the market's page), so each cache entry is a real page. Pages published after the build are generated on
 * their first request; the webhook refreshes them like the market pages, and this is the safety net.
 */
export const revalidate = 3600;
export const dynamicParams = true;

export async function generateStaticParams({ params }: { params: { market: string } }) {
  const routes = await getCampaignRoutes();
  return routes.filter((route) => route.market === params.market).map(({ slug }) => ({ slug }));
}

const campaignFor = cache(async (market: Market, slug: string, preview: boolean) => {
  const route = await findCampaignRoute(market, slug, { preview });
  if (route) return { route, ...(await getCampaignLanding(route, { preview })) };
  // An address with no campaign page shows the market's page, as anywhere below a market: a preview of an address
  // its perspective has no page for, a page unpublished since proxy.ts read the list, or a request whose draft-mode
  // cookie proxy.ts let through but Next does not accept (proxy.ts cannot check the cookie, only see it).
  return { route: null, content: await getLanding(market, { preview }), campaign: null };
});

async function load(params: Promise<{ market: string; slug: string }>) {
  const { market, slug } = await params;
  if (!isMarket(market)) notFound();
  const { isEnabled: preview } = await draftMode();
  return { market, slug, preview, ...(await campaignFor(market, slug, preview)) };
}

export async function generateMetadata({ params }: PageProps<"/[market]/[slug]">): Promise<Metadata> {
  let loaded: Awaited<ReturnType<typeof load>>;
  try {
    loaded = await load(params);
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

export default async function CampaignPage({ params }: PageProps<"/[market]/[slug]">) {
  const { market, preview, route, content, campaign } = await load(params);
  return (
    <LandingView market={market} preview={preview} content={content} page={route?.slug} preset={campaign?.preset} />
  );
}
