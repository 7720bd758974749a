import type { ClickIdParam } from "./campaign-touch.ts";

/**
 * The ad platforms a click id names, in the order a touch carrying ids of several is counted: the first it has an id
 * of. A visit (the page's beacon) and a lead (the store's `click_platform`, which a test holds to this rule) count
 * under the same one.
 */
export const CLICK_PLATFORMS = ["google", "microsoft", "meta"] as const;
export type ClickPlatform = (typeof CLICK_PLATFORMS)[number];

/** The platform whose ads add each click id to the link a visitor follows. */
export const CLICK_ID_PLATFORM = {
  gclid: "google",
  gbraid: "google",
  wbraid: "google",
  fbclid: "meta",
  msclkid: "microsoft",
} as const satisfies Record<ClickIdParam, ClickPlatform>;

/** The platform a touch counts under, from the click ids it carries (any non-empty value); none without one. */
export function clickPlatform(touch: Partial<Record<ClickIdParam, unknown>>): ClickPlatform | undefined {
  const ids = Object.entries(CLICK_ID_PLATFORM) as [ClickIdParam, ClickPlatform][];
  return CLICK_PLATFORMS.find((platform) => ids.some(([id, of]) => of === platform && touch[id]));
}
