import type { Market } from "../markets/markets";

/**
 * The visitor's answer to a market's tracking banner, kept in a first-party cookie that the browser (banner, pixel
 * snippet, form) and the server (the contact route) both read. One cookie per market, holding the version of the
 * notice the answer was given to: an answer on /mx says nothing about /br (another law, another notice), and a new
 * version of a notice asks again. No dependencies: it ships in the page.
 */
export const consentCookieName = (market: Market) => `tracking_consent_${market}`;

export type ConsentChoice = "granted" | "denied";

/** Six months: long enough not to ask on every visit, short enough that the question comes back. */
export const CONSENT_MAX_AGE_SECONDS = 60 * 60 * 24 * 182;

/**
 * A privacy notice's version: its "last updated" date (YYYY-MM-DD), what the visitor is shown above the notice and
 * what a marketer changes when its content changes. Anything else is no version at all.
 */
export function noticeVersion(value: unknown): string | null {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : null;
}

/** The answer a cookie header or `document.cookie` holds for this market's notice `version`; null when none. */
export function readConsent(cookies: string | null | undefined, market: Market, version: string): ConsentChoice | null {
  if (!cookies) return null;
  const name = consentCookieName(market);
  for (const part of cookies.split(";")) {
    const [key, value] = part.split("=", 2).map((s) => s.trim());
    if (key !== name || !value) continue;
    const [choice, given] = value.split(".", 2);
    if ((choice === "granted" || choice === "denied") && given === version) return choice;
  }
  return null;
}

/** The `document.cookie` assignment that records an answer to this market's notice `version`, site-wide. */
export function consentCookie(market: Market, choice: ConsentChoice, version: string, secure: boolean): string {
  return `${consentCookieName(market)}=${choice}.${version}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Meta's pixel library; requested only once tracking may run. */
export const META_PIXEL_SCRIPT = "https://connect.facebook.net/en_US/fbevents.js";

/** The cookies Meta's pixel sets (browser id, click id): deleted when the visitor refuses or withdraws. */
export const META_COOKIES = ["_fbp", "_fbc"] as const;
