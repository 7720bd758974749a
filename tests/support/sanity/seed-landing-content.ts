import { parseLanding, type LandingContent } from "../../../lib/content/landing-content";
import { queryLocalDataset } from "../../../lib/content/local-dataset";
import { LANDING_QUERY } from "../../../lib/content/queries";
import type { LANDING_QUERY_RESULT } from "../../../lib/content/sanity.types";
import type { Market } from "../../../lib/markets/markets";

/** A market's seed landing content as the site reads it: the page's query over the seed file, then its contract. */
export async function seedLandingContent(market: Market, file = "studio/seed/landing.ndjson"): Promise<LandingContent> {
  return parseLanding(
    await queryLocalDataset<LANDING_QUERY_RESULT>(file, LANDING_QUERY, { market }, "published"),
    `seed ${market}`,
  );
}
