import "server-only";
import { unstable_cache } from "next/cache";
import { contentBackend } from "../env/env";
import { serverEnv } from "../env/server-env";
import type { Market } from "../markets/markets";
import { previewPerspective, type PreviewPerspective } from "../preview/preview-perspective";
import { queryLocalDataset } from "./local-dataset";
import { sanityClient } from "./sanity-client";

/** Safety net behind webhook revalidation: pages refresh at least hourly. */
const REVALIDATE_SECONDS = 3600;

/**
 * `next dev` keeps no content cache: no webhook reaches a developer's machine, so an edit of the dataset (or a
 * publish in Sanity) shows on the next plain reload instead of after the hour. Production keeps ISR.
 */
const cacheContent = process.env.NODE_ENV !== "development";

/**
 * Cache tags of a market's page: the document type and the market's document. Every read for the page carries
 * them (landing copy, privacy notice, error screen), so one webhook call refreshes all of it.
 */
export function landingTags(market: Market): string[] {
  return ["landingPage", `landingPage:${market}`];
}

type Params = Record<string, string>;

/** `preview` is the perspective of a draft preview, or false for what visitors see. */
async function fromSanity<R>(
  query: string,
  params: Params,
  preview: PreviewPerspective | false,
  tags: string[],
): Promise<R> {
  const env = serverEnv();
  if (preview && !env.SANITY_API_READ_TOKEN) throw new Error("Draft preview needs SANITY_API_READ_TOKEN");
  // One deadline for the whole read, retries included: a slow Content Lake fails a build or a revalidation in
  // seconds (the last good page stays), instead of holding it for minutes.
  const signal = AbortSignal.timeout(env.SANITY_TIMEOUT_MS);
  try {
    if (preview) {
      return await sanityClient().fetch<R>(query, params, {
        // A stack is sent as an array: the client joins it as the API expects.
        perspective: typeof preview === "string" ? preview : [...preview],
        token: env.SANITY_API_READ_TOKEN,
        stega: true,
        useCdn: false,
        signal,
        next: { revalidate: 0 },
      });
    }
    return await sanityClient().fetch<R>(query, params, {
      perspective: "published",
      signal,
      next: cacheContent ? { tags, revalidate: REVALIDATE_SECONDS } : { revalidate: 0 },
    });
  } catch (error) {
    const reason = signal.aborted
      ? `did not answer within ${env.SANITY_TIMEOUT_MS} ms (SANITY_TIMEOUT_MS)`
      : `failed: ${error instanceof Error ? error.message : String(error)}`;
    throw new Error(`Sanity Content Lake ${reason}`, { cause: error });
  }
}

/**
 * Runs one of the site's GROQ queries, unvalidated: the one place that picks the content backend (Sanity when a
 * project is configured, else the seed dataset through groq-js). `preview` reads in the perspective the Studio chose
 * (a release as it will publish, else drafts) and is never cached; published reads carry `tags` on either backend, so
 * the webhook revalidates both alike. `cacheKey` names the embedded dataset's cache entry.
 */
export async function readContent<R>(
  query: string,
  params: Params,
  { preview, cacheKey, tags }: { preview: boolean; cacheKey: string; tags: string[] },
): Promise<R> {
  const perspective = preview ? await previewPerspective() : false;
  if (contentBackend(serverEnv()) === "sanity") return fromSanity<R>(query, params, perspective, tags);
  const read = (view: PreviewPerspective) =>
    queryLocalDataset<R>(serverEnv().CONTENT_DATASET_FILE, query, params, view);
  if (perspective) return read(perspective);
  if (!cacheContent) return read("published");
  // The query is part of the key: an entry cached by a build with another query shape (kept in .next/cache or a
  // shared Redis) would fail the content contract of this one.
  return unstable_cache(() => read("published"), [cacheKey, JSON.stringify(params), query], {
    tags,
    revalidate: REVALIDATE_SECONDS,
  })();
}

/** One of a market's page queries (`$market`), tagged with the market's page. */
export function readMarketContent<R>(
  query: string,
  market: Market,
  { preview, cacheKey }: { preview: boolean; cacheKey: string },
): Promise<R> {
  return readContent<R>(query, { market }, { preview, cacheKey, tags: landingTags(market) });
}
