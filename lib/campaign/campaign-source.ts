import "server-only";
import { contentBackend } from "../env/env";
import { serverEnv } from "../env/server-env";
import { log } from "../logging/logger";
import { isMarket, type Market } from "../markets/markets";
import { getLanding } from "../content/landing-source";
import { InvalidContentError, landingContentSchema, type LandingContent } from "../content/landing-content";
import { landingTags, readContent } from "../content/market-content-reader";
import { CAMPAIGN_PAGE_QUERY, CAMPAIGN_SLUGS_QUERY } from "../content/queries";
import type { CAMPAIGN_PAGE_QUERY_RESULT, CAMPAIGN_SLUGS_QUERY_RESULT } from "../content/sanity.types";
import { campaignContentSchema, mergeCampaign, type CampaignContent } from "./campaign-content";
import { isCampaignSlug } from "./campaign-slug";
import { CAMPAIGN_LIST_TAG, campaignTag } from "./campaign-tags";

/** Where a published campaign page is served, and whether it asks to be indexed. */
export type CampaignRoute = { id: string; market: Market; slug: string; indexed: boolean };

// Each clash is logged once per process, not on every request that reads the cached list.
const reportedClashes = new Set<string>();

/**
 * The campaign pages to serve, one per market and slug. Entries with no market or a slug off the rule are left out
 * (the Studio refuses both). Two documents with one market and slug (only the API can publish that) are a clash: the
 * one created first is served (the query's order), and the other is logged.
 */
export function campaignRoutes(
  result: readonly { _id: string; market: string | null; slug: string | null; indexed: boolean | null }[],
): CampaignRoute[] {
  const routes = new Map<string, CampaignRoute>();
  for (const entry of result) {
    if (!isMarket(entry.market) || !isCampaignSlug(entry.slug)) continue;
    const key = `${entry.market}/${entry.slug}`;
    const served = routes.get(key);
    if (!served) {
      routes.set(key, { id: entry._id, market: entry.market, slug: entry.slug, indexed: entry.indexed === true });
      continue;
    }
    const clash = `${key} ${served.id} ${entry._id}`;
    if (reportedClashes.has(clash)) continue;
    reportedClashes.add(clash);
    log.warn("campaign.slug_clash", `Two campaign pages are published at /${key}: serving the one created first`, {
      path: `/${key}`,
      served: served.id,
      ignored: entry._id,
    });
  }
  return [...routes.values()];
}

/** Published campaign pages (or, in a preview, the perspective's), cached under the list's tag. */
export async function getCampaignRoutes({ preview = false }: { preview?: boolean } = {}): Promise<CampaignRoute[]> {
  const result = await readContent<CAMPAIGN_SLUGS_QUERY_RESULT>(
    CAMPAIGN_SLUGS_QUERY,
    {},
    { preview, cacheKey: "campaign-slugs", tags: [CAMPAIGN_LIST_TAG] },
  );
  return campaignRoutes(result);
}

export async function findCampaignRoute(market: Market, slug: string, { preview = false } = {}) {
  return (await getCampaignRoutes({ preview })).find((route) => route.market === market && route.slug === slug);
}

/** Validates a campaign document; the error names the document and every failing field. */
export function parseCampaign(result: CAMPAIGN_PAGE_QUERY_RESULT, where: string): CampaignContent {
  if (!result) throw new InvalidContentError(`No campaign page document for ${where}`);
  const parsed = campaignContentSchema.safeParse(result);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(document)"}: ${i.message}`);
  throw new InvalidContentError(`Invalid content in document "${result._id}" (${where}):\n  ${problems.join("\n  ")}`);
}

/**
 * A campaign page's content: its market's landing page with the campaign's overrides, checked again as a whole (an
 * overridden starting amount must still show a saving). Tagged with the campaign document and its market's page.
 */
export async function getCampaignLanding(
  route: CampaignRoute,
  { preview = false }: { preview?: boolean } = {},
): Promise<{ content: LandingContent; campaign: CampaignContent }> {
  const where = `${contentBackend(serverEnv())} campaign page /${route.market}/${route.slug}${preview ? " (preview)" : ""}`;
  try {
    const [landing, result] = await Promise.all([
      getLanding(route.market, { preview }),
      readContent<CAMPAIGN_PAGE_QUERY_RESULT>(
        CAMPAIGN_PAGE_QUERY,
        { id: route.id },
        { preview, cacheKey: "campaign-page", tags: [campaignTag(route.id), ...landingTags(route.market)] },
      ),
    ]);
    const campaign = parseCampaign(result, where);
    const merged = landingContentSchema.safeParse(mergeCampaign(landing, campaign));
    if (!merged.success) {
      const problems = merged.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
      throw new InvalidContentError(
        `Campaign page "${route.id}" (${where}) breaks its page:\n  ${problems.join("\n  ")}`,
      );
    }
    return { content: merged.data, campaign };
  } catch (error) {
    log.error("content.failed", `Campaign page /${route.market}/${route.slug} could not be read`, {
      market: route.market,
      preview,
      err: error,
    });
    throw error;
  }
}
