import "server-only";
import { getPrivacyNotice } from "../content/privacy-notice-source";
import { googleAdsEnabled, type ServerEnv } from "../env/env";
import { serverEnv } from "../env/server-env";
import type { Market } from "../markets/markets";
import type { ConsentState } from "#edge/consent-state";
import type { PrivacyNotice } from "../content/privacy-notice";
import type { ConsentScope } from "./browser-consent";
import { readConsent } from "./consent-cookie";

/**
 * The visitor's tracking consent for a market: `not_asked` where the market does not ask first; otherwise their
 * answer to the notice version they were shown (`version`, sent with the form), or `unanswered`.
 */
export function consentState(
  cookieHeader: string | null | undefined,
  market: Market,
  version: string | null,
  askConsent: boolean,
): ConsentState {
  if (!askConsent) return "not_asked";
  return (version && readConsent(cookieHeader, market, version)) || "unanswered";
}

/** What decides whether a conversion can be reported: Meta's pixel, where leads are stored, Google Ads. */
export type ReportingEnv = Pick<
  ServerEnv,
  | "NEXT_PUBLIC_META_PIXEL_ID"
  | "LEADS_STORE"
  | "GOOGLE_ADS_OPERATING_ACCOUNT"
  | "GOOGLE_ADS_CONVERSION_ACTIONS"
  | "GOOGLE_ADS_CREDENTIALS"
>;

/**
 * Whether this site can report a conversion: to Meta from the browser when it has a pixel, or from the server, which
 * reports every lead (Supabase's meta-conversion function; in development the local sink standing in for it) unless
 * the operator keeps leads on this server's disk (LEADS_STORE=embedded); to Google Ads wherever it is configured, on
 * every store (the outbox lives beside the leads).
 */
export function reportsConversions(env: Partial<ReportingEnv>): boolean {
  return Boolean(env.NEXT_PUBLIC_META_PIXEL_ID) || env.LEADS_STORE !== "embedded" || googleAdsEnabled(env);
}

/**
 * Whether visitors are asked before measuring, the one rule the page (banner, pixel) and the contact route (the
 * consent a lead records and its conversion carries) share: the market's notice asks first, and a conversion can be
 * reported at all.
 */
export function asksConsent(noticeAsks: boolean, env: Partial<ReportingEnv> = serverEnv()): boolean {
  return noticeAsks && reportsConversions(env);
}

/**
 * The rule above for a market, reading its notice's "ask before measuring" setting (a cached content read). If
 * content cannot be read, the notice counts as asking: a lead is never sent with identifiers nobody agreed to.
 */
export async function askConsentFor(market: Market): Promise<boolean> {
  const noticeAsks = await getPrivacyNotice(market).then(
    (notice) => notice.askConsent,
    () => true,
  );
  return asksConsent(noticeAsks);
}

/** The scope a market's pages ask under: the version of the notice they show, and whether they ask (asksConsent). */
export function consentScope(market: Market, notice: Pick<PrivacyNotice, "updatedAt" | "askConsent">): ConsentScope {
  return { market, version: notice.updatedAt, ask: asksConsent(notice.askConsent) };
}
