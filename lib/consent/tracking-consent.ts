import "server-only";
import { getPrivacyNotice } from "../content/privacy-notice-source";
import type { Market } from "../markets/markets";
import { readConsent } from "./consent-cookie";

/**
 * Whether browser identifiers (Meta's _fbp/_fbc cookies, the fbclid) may travel with the server conversion:
 * always where the market does not ask first, otherwise only after the visitor accepted in the banner.
 */
export function trackingConsented(cookieHeader: string | null | undefined, askConsent: boolean): boolean {
  return !askConsent || readConsent(cookieHeader) === "granted";
}

/**
 * The market's "ask before the pixel" setting, from its privacy notice (a cached content read). If content
 * cannot be read, consent is required: a lead is never sent with identifiers nobody agreed to.
 */
export async function askConsentFor(market: Market): Promise<boolean> {
  try {
    return (await getPrivacyNotice(market)).askConsent;
  } catch {
    return true;
  }
}
