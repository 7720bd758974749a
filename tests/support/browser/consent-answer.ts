import { consentCookieName, type ConsentChoice } from "../../../lib/consent/consent-cookie";
import type { Market } from "../../../lib/markets/markets";
import { readDataset } from "../sanity/dataset-file";

/** The version of a market's privacy notice in the seed: what a visitor's answer is recorded against. */
export const seedNoticeVersion = (market: Market): string => {
  const notice = readDataset("studio/seed/landing.ndjson").find((d) => d._id === `privacyNotice.${market}`);
  if (typeof notice?.updatedAt !== "string") throw new Error(`the seed has no privacyNotice.${market} with updatedAt`);
  return notice.updatedAt;
};

/** The cookie a visitor who answered this market's banner (its current notice) carries, for `context.addCookies`. */
export const consentAnswer = (market: Market, choice: ConsentChoice, url: string) => ({
  name: consentCookieName(market),
  value: `${choice}.${seedNoticeVersion(market)}`,
  url,
});
