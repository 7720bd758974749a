import "server-only";
import { isMarket } from "../markets/markets";
import { getCampaignRoutes } from "./campaign-source";
import { isCampaignSlug } from "./campaign-slug";

/**
 * The request header by which proxy.ts sends an address to a route that has no address of its own: next.config.ts
 * rewrites on its value (`/<market>/<slug>` to `/<market>/campaign/<slug>`, and so on), and every request without it
 * that names such a route is refused or shows the market's page. The proxy removes any value a client sent.
 */
export const PAGE_ROUTE_HEADER = "x-page-route";

/**
 * The routes reachable only through PAGE_ROUTE_HEADER: a published campaign page (cached, one entry per page), a draft
 * preview of one (rendered per request, never stored), the Studio (one page for every path below /studio) and a page's
 * variant under an experiment (one cached entry per variant; see lib/experiments/variant-routing.ts).
 */
export type PageRoute = "campaign" | "draft" | "studio" | "variant";

/** Below a market: `/<market>/<segment>`, exactly as the market's code is written (lowercase). */
const BELOW_MARKET = /^\/([^/]+)\/([^/]+)$/;

/**
 * Which route serves `/<market>/<slug>`: a draft preview for a draft session this site opened (any address of the slug
 * rule, so a page not published yet can be previewed), a published campaign page from the cached list the webhook
 * refreshes, else none (next.config.ts shows the market's page, as for any other path below a market).
 */
export async function campaignRouteFor(pathname: string, draftSession: boolean): Promise<PageRoute | undefined> {
  const [, market, slug] = BELOW_MARKET.exec(pathname) ?? [];
  if (!isMarket(market) || !isCampaignSlug(slug)) return undefined;
  if (draftSession) return "draft";
  const routes = await getCampaignRoutes();
  return routes.some((route) => route.market === market && route.slug === slug) ? "campaign" : undefined;
}
