import "server-only";
import { getPrivacyNotice } from "../content/privacy-notice-source";
import type { Market } from "../markets/markets";
import type { ConsentState } from "../../supabase/functions/_shared/consent-state";
import { readConsent } from "./consent-cookie";

/**
 * The visitor's tracking consent for a market: `not_asked` where the market does not ask first; otherwise their
 * answer to the notice version they were shown (`version`, sent with the form), or `unanswered`.
 */
export function consentState(cookieHeader: string | null | undefined, market: Market, version: string | null, askConsent: boolean): ConsentState {
  if (!askConsent) return "not_asked";
  return (version && readConsent(cookieHeader, market, version)) || "unanswered";
}

/**
 * The market's "ask before measuring" setting, from its privacy notice (a cached content read). If content
 * cannot be read, consent is required: a lead is never sent with identifiers nobody agreed to.
 */
export async function askConsentFor(market: Market): Promise<boolean> {
  try {
    return (await getPrivacyNotice(market)).askConsent;
  } catch {
    return true;
  }
}
