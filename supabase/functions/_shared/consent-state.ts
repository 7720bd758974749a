// The visitor's tracking consent as the lead records it and the conversion carries it. Shared by the site (Node) and
// the meta-conversion function (Deno), which decide from it whether anything about the person may reach Meta.

/**
 * `granted` / `denied`: the visitor's answer to this market's current privacy notice; `unanswered`: no answer to it
 * (never asked, or asked about an earlier notice); `not_asked`: the market does not ask before measuring.
 */
export const CONSENT_STATES = ["granted", "denied", "unanswered", "not_asked"] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

export const isConsentState = (value: unknown): value is ConsentState =>
  typeof value === "string" && (CONSENT_STATES as readonly string[]).includes(value);

/** Whether Meta may receive anything about the person (server event, browser ids, click ids). */
export const allowsTracking = (state: ConsentState): boolean => state === "granted" || state === "not_asked";
