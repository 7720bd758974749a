import { cleanText, TRACKING_LIMITS } from "../attribution/campaign-touch.ts";
import { CLICK_PLATFORMS, type ClickPlatform } from "../attribution/click-platform.ts";

/**
 * The campaign a visit or a lead counts under: utm source, medium and campaign of the browser's last touch, normalised
 * the same way on both sides so that a lead and the visits before it fall in one slice. Normalised: unwanted
 * characters removed (the lead text rule), Unicode compatibility forms folded (NFKC: a full-width "ｇｏｏｇｌｅ" is
 * "google"), lower-cased, runs of white space made one space, trimmed and cut to 200 characters. Lower case because
 * "Google", "google" and "GOOGLE" in three ads are one source to the marketer who tagged them.
 */
export type CampaignKey = { source: string; medium: string; campaign: string };

/** No campaign: a visit typed in, bookmarked or from a link without campaign parameters. */
export const DIRECT: CampaignKey = { source: "(direct)", medium: "(none)", campaign: "(none)" };
/** Where a market's new campaign keys go once it has had the day's cap of them. */
export const OTHER: CampaignKey = { source: "(other)", medium: "(other)", campaign: "(other)" };
/** A part of the key the touch did not carry. */
export const NOT_SET = "(not set)";
/** The medium of a visit that came with only an ad click id: the platform is known, not the campaign. */
export const CLICK_ID_MEDIUM = "(click id)";

/** Distinct new campaign keys a market takes per day before the rest count as OTHER (per instance and in the store). */
export const CAMPAIGN_KEYS_PER_MARKET_DAY = 500;

/** Whether a value (a beacon's, say) names one of the platforms a click id can come from. */
export const isClickPlatform = (value: unknown): value is ClickPlatform =>
  typeof value === "string" && (CLICK_PLATFORMS as readonly string[]).includes(value);

/** The key of a visit that came from an ad click with only a click id: its platform, no campaign. */
export const clickKey = (platform: ClickPlatform): CampaignKey => ({
  source: platform,
  medium: CLICK_ID_MEDIUM,
  campaign: NOT_SET,
});

/**
 * The keys the daily cap never applies to: a fixed few, so they cannot grow the counts, and a flood of made-up
 * campaigns early in the day must not send the day's direct visits or ad clicks to "(other)".
 */
export const UNCAPPED_KEYS: readonly CampaignKey[] = [DIRECT, OTHER, ...CLICK_PLATFORMS.map(clickKey)];

/** One part of the key as it is counted; undefined when nothing is left. */
export function normalisePart(value: unknown): string | undefined {
  const cleaned = cleanText(value, 4 * TRACKING_LIMITS.utm);
  if (!cleaned) return undefined;
  const folded = cleaned.normalize("NFKC").toLowerCase().replace(/\s+/gu, " ");
  return cleanText(folded, TRACKING_LIMITS.utm);
}

export type TouchCampaign = {
  utm_source?: unknown;
  utm_medium?: unknown;
  utm_campaign?: unknown;
  /** The ad platform whose click id the touch carried (never the id itself). */
  platform?: unknown;
};

/** The key a touch counts under: its campaign parameters, else its click id's platform, else direct. */
export function campaignKey(touch: TouchCampaign | undefined): CampaignKey {
  if (!touch) return DIRECT;
  const source = normalisePart(touch.utm_source);
  const medium = normalisePart(touch.utm_medium);
  const campaign = normalisePart(touch.utm_campaign);
  if (source || medium || campaign)
    return { source: source ?? NOT_SET, medium: medium ?? NOT_SET, campaign: campaign ?? NOT_SET };
  if (isClickPlatform(touch.platform)) return clickKey(touch.platform);
  return DIRECT;
}

export const sameCampaign = (a: CampaignKey, b: CampaignKey) =>
  a.source === b.source && a.medium === b.medium && a.campaign === b.campaign;

/** One string per key, for maps (parts never hold a control character, so the separator cannot occur in them). */
export const campaignId = (key: CampaignKey) => `${key.source}\u0001${key.medium}\u0001${key.campaign}`;

export const isUncapped = (key: CampaignKey) => UNCAPPED_KEYS.some((uncapped) => sameCampaign(key, uncapped));
