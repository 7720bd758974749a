import type { Metadata } from "next";
import { draftMode } from "next/headers";
import { notFound, unstable_rethrow } from "next/navigation";
import { cache } from "react";
import { getLanding } from "@/lib/content/landing-source";
import { readPublicEnv } from "@/lib/env/env";
import { isMarket, type Market } from "@/lib/markets/markets";
import { hreflangAlternates, marketUrl } from "@/lib/markets/site-urls";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { ERROR_TITLE } from "../_components/error-fallback";
import { LandingView } from "../_components/landing-view";

// Statically generated at build time; webhook revalidation refreshes it, this is the safety net.
export const revalidate = 3600;
// Only the markets of generateStaticParams (layout.tsx). Set here rather than in the layout, where it would hold for
// every route below it too: campaign pages published after the build are generated on their first request.
export const dynamicParams = false;

// Metadata and page render in the same request: one content read (and validation) serves both.
const landingFor = cache((market: Market, preview: boolean) => getLanding(market, { preview }));

async function load(params: Promise<{ market: string }>) {
  const { market } = await params;
  if (!isMarket(market)) notFound();
  const { isEnabled: preview } = await draftMode();
  return { market, preview, content: await landingFor(market, preview) };
}

export async function generateMetadata({ params }: PageProps<"/[market]">): Promise<Metadata> {
  let loaded: Awaited<ReturnType<typeof load>>;
  try {
    loaded = await load(params);
  } catch (error) {
    // Not found stays not found; a content failure fails the page too, which shows the error screen, and that
    // document still needs a title.
    unstable_rethrow(error);
    return { title: ERROR_TITLE, robots: { index: false } };
  }
  const { market, content } = loaded;
  const siteUrl = readPublicEnv().NEXT_PUBLIC_SITE_URL;
  const url = marketUrl(siteUrl, market);
  return pageMetadata(market, content, { url, canonical: url, languages: hreflangAlternates(siteUrl) });
}

export default async function LandingPage({ params }: PageProps<"/[market]">) {
  const { market, preview, content } = await load(params);
  return <LandingView market={market} preview={preview} content={content} />;
}
