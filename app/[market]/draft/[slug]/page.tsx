import { draftMode } from "next/headers";
import { CampaignPage, campaignMetadata } from "../../_campaign/campaign-page";

/**
 * `/<market>/<slug>` in a draft preview: proxy.ts names this route only for a draft session this site opened, so a
 * page not published yet can be previewed at its address. Rendered per request and never stored. Next checks its
 * own cookie again here: a session from an earlier build shows the published address, still unstored.
 */
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: PageProps<"/[market]/draft/[slug]">) {
  return campaignMetadata(params, (await draftMode()).isEnabled);
}

export default async function DraftCampaignPage({ params }: PageProps<"/[market]/draft/[slug]">) {
  return <CampaignPage params={params} preview={(await draftMode()).isEnabled} />;
}
