import type { Metadata } from "next";
import { notFound, unstable_rethrow } from "next/navigation";
import { cache } from "react";
import { findCampaignRoute, getCampaignLanding } from "@/lib/campaign/campaign-source";
import { isCampaignSlug } from "@/lib/campaign/campaign-slug";
import { landingContentSchema } from "@/lib/content/landing-content";
import { getLanding } from "@/lib/content/landing-source";
import { readPublicEnv } from "@/lib/env/env";
import { mergeVariant, pagePath } from "@/lib/experiments/experiment-content";
import { parseVariantId } from "@/lib/experiments/experiment-keys";
import { getExperimentVariants } from "@/lib/experiments/experiment-source";
import { MARKET_PAGE } from "@/lib/experiments/variant-routing";
import { log } from "@/lib/logging/logger";
import { isMarket, type Market } from "@/lib/markets/markets";
import { campaignUrl, hreflangAlternates, marketUrl } from "@/lib/markets/site-urls";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { ERROR_TITLE } from "../../../../_components/error-fallback";
import { LandingView } from "../../../../_components/landing-view";

/**
 * One variant of a page under an experiment: proxy.ts sends a visitor assigned to it here (x-page-route "variant",
 * x-page-variant naming the page and the variant), and no address reaches it otherwise (next.config.ts: a request for
 * this path from outside shows the market's page). Rendered on its first request and then served from the page cache
 * like any page, refreshed by the same webhook. The control is never rendered here: its visitors get the page itself.
 * Everything but the variant's overrides is the page's, its canonical URL and metadata included; a variant of an
 * experiment that stopped since the proxy read its list shows the page as published.
 */
export const revalidate = 3600;
export const dynamicParams = true;

// None at build time: a variant is rendered on its first request, then cached like a page the build listed.
export function generateStaticParams() {
  return [];
}

const variantFor = cache(async (market: Market, page: string, id: string) => {
  const campaign = page === MARKET_PAGE ? undefined : await findCampaignRoute(market, page);
  const published = campaign
    ? { route: campaign, ...(await getCampaignLanding(campaign)) }
    : { route: null, content: await getLanding(market), campaign: null };
  const path = campaign ? `/${market}/${campaign.slug}` : `/${market}`;
  const wanted = parseVariantId(id);
  const experiment = wanted ? await getExperimentVariants(wanted.experiment) : undefined;
  const variant =
    experiment && pagePath(experiment.page) === path
      ? experiment.variants.slice(1).find((v) => v.key === wanted?.variant)
      : undefined;
  if (!variant) return published;
  const merged = landingContentSchema.safeParse(mergeVariant(published.content, variant));
  if (merged.success) return { ...published, content: merged.data };
  log.error("content.failed", `Variant ${id} breaks its page ${path}: showing the page as published`, {
    market,
    problems: merged.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`),
  });
  return published;
});

async function load(params: PageProps<"/[market]/variant/[page]/[variant]">["params"]) {
  const { market, page, variant } = await params;
  if (!isMarket(market) || (page !== MARKET_PAGE && !isCampaignSlug(page))) notFound();
  return { market, ...(await variantFor(market, page, variant)) };
}

export async function generateMetadata({ params }: PageProps<"/[market]/variant/[page]/[variant]">): Promise<Metadata> {
  let loaded: Awaited<ReturnType<typeof load>>;
  try {
    loaded = await load(params);
  } catch (error) {
    unstable_rethrow(error);
    return { title: ERROR_TITLE, robots: { index: false } };
  }
  const { market, route, content } = loaded;
  const siteUrl = readPublicEnv().NEXT_PUBLIC_SITE_URL;
  const home = marketUrl(siteUrl, market);
  // The same as the page's own: a variant is that page, never an address of its own.
  if (!route)
    return pageMetadata(market, content, { url: home, canonical: home, languages: hreflangAlternates(siteUrl) });
  const url = campaignUrl(siteUrl, market, route.slug);
  return pageMetadata(market, content, { url, canonical: route.indexed ? url : home });
}

export default async function VariantPage({ params }: PageProps<"/[market]/variant/[page]/[variant]">) {
  const { market, route, content, campaign } = await load(params);
  return <LandingView market={market} preview={false} content={content} page={route?.slug} preset={campaign?.preset} />;
}
