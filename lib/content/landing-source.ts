import "server-only";
import { unstable_cache } from "next/cache";
import { contentBackend } from "../env/env";
import { serverEnv } from "../env/server-env";
import type { Market } from "../markets/markets";
import { errorPageSchema, parseLanding, type ErrorPageCopy, type LandingContent } from "./landing-content";
import { queryLocalDataset, type Perspective } from "./local-dataset";
import { ERROR_PAGE_QUERY, LANDING_QUERY } from "./queries";
import { sanityClient } from "./sanity-client";
import type { ERROR_PAGE_QUERY_RESULT, LANDING_QUERY_RESULT } from "./sanity.types";

/** Safety net behind webhook revalidation: pages refresh at least hourly. */
const REVALIDATE_SECONDS = 3600;

/** Cache tags of a market's landing page: the document type and the market's document. */
export function landingTags(market: Market): string[] {
  return ["landingPage", `landingPage:${market}`];
}

async function fromSanity(market: Market, preview: boolean): Promise<LANDING_QUERY_RESULT> {
  const env = serverEnv();
  if (preview && !env.SANITY_API_READ_TOKEN) throw new Error("Draft preview needs SANITY_API_READ_TOKEN");
  // One deadline for the whole read, retries included: a slow Content Lake fails a build or a revalidation in
  // seconds (the last good page stays), instead of holding it for minutes.
  const signal = AbortSignal.timeout(env.SANITY_TIMEOUT_MS);
  try {
    if (preview) {
      return await sanityClient().fetch(LANDING_QUERY, { market }, {
        perspective: "drafts",
        token: env.SANITY_API_READ_TOKEN,
        stega: true,
        useCdn: false,
        signal,
        next: { revalidate: 0 },
      });
    }
    return await sanityClient().fetch(LANDING_QUERY, { market }, {
      perspective: "published",
      signal,
      next: { tags: landingTags(market), revalidate: REVALIDATE_SECONDS },
    });
  } catch (error) {
    const reason = signal.aborted ? `did not answer within ${env.SANITY_TIMEOUT_MS} ms (SANITY_TIMEOUT_MS)` : `failed: ${error instanceof Error ? error.message : String(error)}`;
    throw new Error(`Sanity Content Lake ${reason}`, { cause: error });
  }
}

function fromDataset(market: Market, perspective: Perspective): Promise<LANDING_QUERY_RESULT> {
  const file = serverEnv().CONTENT_DATASET_FILE;
  return queryLocalDataset<LANDING_QUERY_RESULT>(file, LANDING_QUERY, { market }, perspective);
}

// The embedded dataset carries the same tags as Content Lake fetches, so the webhook revalidates both alike.
const fromDatasetCached = (market: Market) =>
  unstable_cache(() => fromDataset(market, "published"), ["landing-page", market], {
    tags: landingTags(market),
    revalidate: REVALIDATE_SECONDS,
  })();

/**
 * A market's landing content, validated. The one place that picks the content backend: Sanity when a project is
 * configured, else the seed dataset. `preview` reads drafts and is never cached.
 */
export async function getLanding(market: Market, { preview = false }: { preview?: boolean } = {}): Promise<LandingContent> {
  const backend = contentBackend(serverEnv());
  try {
    const result =
      backend === "sanity" ? await fromSanity(market, preview) : preview ? await fromDataset(market, "drafts") : await fromDatasetCached(market);
    return parseLanding(result, `${backend} content for market "${market}"${preview ? " (drafts)" : ""}`);
  } catch (error) {
    // During a background revalidation Next keeps serving the last good page; this says why it could not refresh.
    console.error(`[content] ${market}${preview ? " (drafts)" : ""} from ${backend} failed:`, error instanceof Error ? error.message : error);
    throw error;
  }
}

const errorPageFromDataset = (market: Market) =>
  unstable_cache(
    () => queryLocalDataset<ERROR_PAGE_QUERY_RESULT>(serverEnv().CONTENT_DATASET_FILE, ERROR_PAGE_QUERY, { market }, "published"),
    ["error-page", market],
    { tags: landingTags(market), revalidate: REVALIDATE_SECONDS },
  )();

/**
 * The words of a market's error screen, published copy only. `null` when they cannot be read or are incomplete:
 * the error screen then falls back to the spec's English, and the reason is logged.
 */
export async function getErrorPage(market: Market): Promise<ErrorPageCopy | null> {
  const backend = contentBackend(serverEnv());
  try {
    const result =
      backend === "sanity"
        ? await sanityClient().fetch(ERROR_PAGE_QUERY, { market }, { perspective: "published", next: { tags: landingTags(market), revalidate: REVALIDATE_SECONDS } })
        : await errorPageFromDataset(market);
    const parsed = errorPageSchema.safeParse(result);
    if (parsed.success) return parsed.data;
    console.error(`[content] ${market} error screen from ${backend} is incomplete:`, parsed.error.issues.map((i) => `errorPage.${i.path.join(".")}: ${i.message}`).join("; "));
  } catch (error) {
    console.error(`[content] ${market} error screen from ${backend} failed:`, error instanceof Error ? error.message : error);
  }
  return null;
}
