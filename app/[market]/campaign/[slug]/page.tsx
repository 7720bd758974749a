import { getCampaignRoutes } from "@/lib/campaign/campaign-source";
import { CampaignPage, campaignMetadata } from "../../_campaign/campaign-page";

/**
 * A published campaign page, at `/<market>/<slug>`: proxy.ts names this route for the addresses of published campaign
 * pages only, and no address reaches it otherwise (next.config.ts), so each cache entry is a real page. Pages
 * published after the build are generated on their first request; the webhook refreshes them like the market pages,
 * and this is the safety net.
 */
export const revalidate = 3600;
export const dynamicParams = true;

export async function generateStaticParams({ params }: { params: { market: string } }) {
  const routes = await getCampaignRoutes();
  return routes.filter((route) => route.market === params.market).map(({ slug }) => ({ slug }));
}

export function generateMetadata({ params }: PageProps<"/[market]/campaign/[slug]">) {
  return campaignMetadata(params, false);
}

export default function PublishedCampaignPage({ params }: PageProps<"/[market]/campaign/[slug]">) {
  return <CampaignPage params={params} preview={false} />;
}
