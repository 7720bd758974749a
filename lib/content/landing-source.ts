import "server-only";
import { contentBackend } from "../env/env";
import { serverEnv } from "../env/server-env";
import { log } from "../logging/logger";
import type { Market } from "../markets/markets";
import { errorPageSchema, parseLanding, type ErrorPageCopy, type LandingContent } from "./landing-content";
import { readMarketContent } from "./market-content-reader";
import { ERROR_PAGE_QUERY, LANDING_QUERY } from "./queries";
import type { ERROR_PAGE_QUERY_RESULT, LANDING_QUERY_RESULT } from "./sanity.types";

/**
 * A market's landing content, validated, from the backend `readMarketContent` picks (Sanity when a project is
 * configured, else the seed dataset). `preview` reads drafts and is never cached.
 */
export async function getLanding(
  market: Market,
  { preview = false }: { preview?: boolean } = {},
): Promise<LandingContent> {
  const backend = contentBackend(serverEnv());
  try {
    const result = await readMarketContent<LANDING_QUERY_RESULT>(LANDING_QUERY, market, {
      preview,
      cacheKey: "landing-page",
    });
    return parseLanding(result, `${backend} content for market "${market}"${preview ? " (drafts)" : ""}`);
  } catch (error) {
    // During a background revalidation Next keeps serving the last good page; this says why it could not refresh.
    log.error(
      "content.failed",
      `Landing content of ${market}${preview ? " (drafts)" : ""} could not be read from ${backend}`,
      { market, preview, backend, err: error },
    );
    throw error;
  }
}

/**
 * The words of a market's error screen, published copy only. `null` when they cannot be read or are incomplete:
 * the error screen then falls back to the spec's English, and the reason is logged.
 */
export async function getErrorPage(market: Market): Promise<ErrorPageCopy | null> {
  const backend = contentBackend(serverEnv());
  try {
    const result = await readMarketContent<ERROR_PAGE_QUERY_RESULT>(ERROR_PAGE_QUERY, market, {
      preview: false,
      cacheKey: "error-page",
    });
    const parsed = errorPageSchema.safeParse(result);
    if (parsed.success) return parsed.data;
    log.error("content.incomplete", `The ${market} error screen from ${backend} is incomplete`, {
      market,
      backend,
      problems: parsed.error.issues.map((i) => `errorPage.${i.path.join(".")}: ${i.message}`),
    });
  } catch (error) {
    log.error("content.failed", `The ${market} error screen could not be read from ${backend}`, {
      market,
      backend,
      err: error,
    });
  }
  return null;
}
