import "server-only";
import { contentBackend } from "../env/env";
import { serverEnv } from "../env/server-env";
import { log } from "../logging/logger";
import type { Market } from "../markets/markets";
import { readMarketContent } from "./market-content-reader";
import { parsePrivacyNotice, type PrivacyNotice } from "./privacy-notice";
import { PRIVACY_NOTICE_QUERY } from "./queries";
import type { PRIVACY_NOTICE_QUERY_RESULT } from "./sanity.types";

/**
 * A market's privacy notice and consent copy, validated; from the same backend as the landing page. The notice is
 * part of the market's page: it carries the page's cache tags, so publishing either document refreshes the page
 * through the same webhook.
 */
export async function getPrivacyNotice(
  market: Market,
  { preview = false }: { preview?: boolean } = {},
): Promise<PrivacyNotice> {
  const backend = contentBackend(serverEnv());
  try {
    const result = await readMarketContent<PRIVACY_NOTICE_QUERY_RESULT>(PRIVACY_NOTICE_QUERY, market, {
      preview,
      cacheKey: "privacy-notice",
    });
    return parsePrivacyNotice(result, `${backend} content for market "${market}"${preview ? " (drafts)" : ""}`);
  } catch (error) {
    log.error(
      "content.failed",
      `The ${market} privacy notice${preview ? " (drafts)" : ""} could not be read from ${backend}`,
      { market, preview, backend, err: error },
    );
    throw error;
  }
}
