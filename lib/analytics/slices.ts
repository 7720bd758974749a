import { isCampaignSlug } from "../campaign/campaign-slug.ts";
import { isMarket, type Market } from "../markets/markets.ts";
import type { CampaignKey } from "./campaign-key";

/**
 * What the counts are kept per: a slice is one day (in the market's time zone) of one page of one market, one campaign
 * key, one device class and one variant ('' until experiments come). Both the beacon and the results use these.
 */
export const DEVICES = ["phone", "desktop"] as const;
export type Device = (typeof DEVICES)[number];

export type Slice = CampaignKey & { day: string; market: Market; page: string; device: Device; variant: string };

/** The parts of a slice the results can be grouped by, besides the market every row names. */
export const GROUPINGS = ["page", "campaign", "device", "variant"] as const;
export type Grouping = (typeof GROUPINGS)[number];

/** The variant of a slice without an experiment. */
export const NO_VARIANT = "";

/** One string per slice, for maps and the short-lived store's keys (parts never hold a control character). */
export const sliceId = (slice: Slice) =>
  [slice.day, slice.market, slice.page, slice.source, slice.medium, slice.campaign, slice.device, slice.variant].join(
    "\u0001",
  );

/**
 * The page a path counts under: `/<market>/<slug>` for a published campaign page, else the market's page (any other
 * path below a market shows that page). Undefined for a path outside the markets.
 */
export function pageOf(path: unknown, isCampaign: (market: Market, slug: string) => boolean): string | undefined {
  if (typeof path !== "string" || path.length > 2048 || !path.startsWith("/")) return undefined;
  const [, market, slug] = path.split("/");
  if (!isMarket(market)) return undefined;
  return slug && isCampaignSlug(slug) && isCampaign(market, slug) ? `/${market}/${slug}` : `/${market}`;
}

/** The market of a page path (`/mx/slug` → mx). */
export const marketOfPage = (page: string): Market | undefined => {
  const market = page.split("/")[1];
  return isMarket(market) ? market : undefined;
};

/**
 * A browser's device class: a phone when it says it is mobile (the `Sec-CH-UA-Mobile` client hint Chromium sends with
 * every request, else "Mobi" in its user agent, as MDN recommends; tablets count as desktops), else a desktop.
 */
export function deviceClass(headers: Headers): Device {
  const hint = headers.get("sec-ch-ua-mobile");
  if (hint === "?1") return "phone";
  if (hint === "?0") return "desktop";
  const agent = headers.get("user-agent") ?? "";
  return /Mobi/.test(agent) && !/iPad|Tablet/.test(agent) ? "phone" : "desktop";
}
