import "server-only";
import { unstable_cache } from "next/cache";
import { contentBackend } from "../env/env";
import { serverEnv } from "../env/server-env";
import type { Market } from "../markets/markets";
import { landingTags } from "./landing-source";
import { queryLocalDataset, type Perspective } from "./local-dataset";
import { parsePrivacyNotice, type PrivacyNotice } from "./privacy-notice";
import { PRIVACY_NOTICE_QUERY } from "./queries";
import { sanityClient } from "./sanity-client";
import type { PRIVACY_NOTICE_QUERY_RESULT } from "./sanity.types";

const REVALIDATE_SECONDS = 3600;

// The notice is part of the market's landing page: it carries the page's cache tags, so publishing either
// document refreshes the page through the same webhook.
async function fromSanity(market: Market, preview: boolean): Promise<PRIVACY_NOTICE_QUERY_RESULT> {
  const env = serverEnv();
  if (preview) {
    if (!env.SANITY_API_READ_TOKEN) throw new Error("Draft preview needs SANITY_API_READ_TOKEN");
    return sanityClient().fetch(PRIVACY_NOTICE_QUERY, { market }, {
      perspective: "drafts",
      token: env.SANITY_API_READ_TOKEN,
      stega: true,
      useCdn: false,
      next: { revalidate: 0 },
    });
  }
  return sanityClient().fetch(PRIVACY_NOTICE_QUERY, { market }, {
    perspective: "published",
    next: { tags: landingTags(market), revalidate: REVALIDATE_SECONDS },
  });
}

function fromDataset(market: Market, perspective: Perspective): Promise<PRIVACY_NOTICE_QUERY_RESULT> {
  return queryLocalDataset<PRIVACY_NOTICE_QUERY_RESULT>(serverEnv().CONTENT_DATASET_FILE, PRIVACY_NOTICE_QUERY, { market }, perspective);
}

const fromDatasetCached = (market: Market) =>
  unstable_cache(() => fromDataset(market, "published"), ["privacy-notice", market], {
    tags: landingTags(market),
    revalidate: REVALIDATE_SECONDS,
  })();

/** A market's privacy notice and consent copy, validated; from the same backend as the landing page. */
export async function getPrivacyNotice(market: Market, { preview = false }: { preview?: boolean } = {}): Promise<PrivacyNotice> {
  const backend = contentBackend(serverEnv());
  try {
    const result =
      backend === "sanity" ? await fromSanity(market, preview) : preview ? await fromDataset(market, "drafts") : await fromDatasetCached(market);
    return parsePrivacyNotice(result, `${backend} content for market "${market}"${preview ? " (drafts)" : ""}`);
  } catch (error) {
    console.error(`[content] privacy notice ${market}${preview ? " (drafts)" : ""} from ${backend} failed:`, error instanceof Error ? error.message : error);
    throw error;
  }
}
