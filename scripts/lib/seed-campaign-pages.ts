import { readFileSync } from "node:fs";
import { MARKETS } from "../../lib/markets/markets.ts";

const SEED = new URL("../../studio/seed/landing.ndjson", import.meta.url);

/**
 * The seed's campaign page of each market (studio/seed/landing.ndjson), in the order of MARKETS: `/<market>/<slug>`.
 * Read from the seed, so a new market's page is measured and checked as soon as the seed has it, and a market the seed
 * gives no campaign page fails here.
 */
export const CAMPAIGN_PAGES: string[] = (() => {
  const pages = readFileSync(SEED, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { _id: string; _type: string; market?: string; slug?: { current?: string } })
    .filter((doc) => doc._type === "campaignPage" && !doc._id.startsWith("drafts."));
  return MARKETS.map((market) => {
    const page = pages.find((doc) => doc.market === market && doc.slug?.current);
    if (!page) throw new Error(`studio/seed/landing.ndjson has no campaign page for ${market}`);
    return `/${market}/${page.slug!.current}`;
  });
})();
