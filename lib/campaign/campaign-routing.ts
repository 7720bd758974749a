import "server-only";
import { isMarket } from "../markets/markets";
import { getCampaignRoutes } from "./campaign-source";
import { isCampaignSlug } from "./campaign-slug";

/**
 * The request header proxy.ts sets on a path that is a campaign page, and next.config.ts's rewrite of every other
 * path below a market to the market's page looks for. The proxy removes any value a client sent.
 */
export const CAMPAIGN_HEADER = "x-campaign-page";

/** Next's draft-mode cookie: a preview may open campaign pages not published yet (the page checks it is valid). */
const DRAFT_COOKIE = "__prerender_bypass";

/**
 * Whether `/<market>/<slug>` is served by a campaign page: a published one (from the cached list the webhook
 * refreshes), or any address of the slug rule in a draft preview. Everything else shows the market's page.
 */
export async function isCampaignPath(pathname: string, cookies: { has(name: string): boolean }): Promise<boolean> {
  const [, market, slug, ...rest] = pathname.split("/");
  if (rest.length > 0 || !isMarket(market) || !isCampaignSlug(slug)) return false;
  if (cookies.has(DRAFT_COOKIE)) return true;
  const routes = await getCampaignRoutes();
  return routes.some((route) => route.market === market && route.slug === slug);
}
