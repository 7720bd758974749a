import { parseLanding, type LandingContent } from "../../../lib/content/landing-content";
import { queryLocalDataset } from "../../../lib/content/local-dataset";
import { LANDING_QUERY } from "../../../lib/content/queries";
import type { LANDING_QUERY_RESULT } from "../../../lib/content/sanity.types";
import type { Market } from "../../../lib/markets/markets";
import type { Section, SectionType } from "../../../sections/section-types";

/**
 * A market's seed section of one type as the page receives it: read by the landing query (the section's projection)
 * and validated by the page's contract (the section's own), with the company facts some sections show.
 */
export async function seedSection<T extends SectionType>(
  market: Market,
  type: T,
): Promise<{ section: Extract<Section, { _type: T }>; company: LandingContent["company"] }> {
  const result = await queryLocalDataset<LANDING_QUERY_RESULT>(
    "studio/seed/landing.ndjson",
    LANDING_QUERY,
    { market },
    "published",
  );
  const content = parseLanding(result, market);
  const section = content.sections.find((s): s is Extract<Section, { _type: T }> => s._type === type);
  if (!section) throw new Error(`the ${market} seed has no ${type}`);
  return { section, company: content.company };
}
