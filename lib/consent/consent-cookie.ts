/**
 * The visitor's answer to the tracking banner, kept in a first-party cookie that the browser (banner, pixel
 * snippet) and the server (the contact route's conversion) both read. No dependencies: it ships in the page.
 */
export const CONSENT_COOKIE = "tracking_consent";

export type ConsentChoice = "granted" | "denied";

/** Six months: long enough not to ask on every visit, short enough that the question comes back. */
export const CONSENT_MAX_AGE_SECONDS = 60 * 60 * 24 * 182;

/** The choice in a `Cookie` header or `document.cookie`; null when none was made (or the value is unknown). */
export function readConsent(cookies: string | null | undefined): ConsentChoice | null {
  if (!cookies) return null;
  for (const part of cookies.split(";")) {
    const [name, value] = part.split("=", 2).map((s) => s.trim());
    if (name === CONSENT_COOKIE && (value === "granted" || value === "denied")) return value;
  }
  return null;
}

/** The `document.cookie` assignment that stores a choice for the whole site. */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Meta's pixel library; requested only once tracking may run. */
export const META_PIXEL_SCRIPT = "https://connect.facebook.net/en_US/fbevents.js";
