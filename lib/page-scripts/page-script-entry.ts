import { captureVisit } from "../attribution/kept-touches";
import { trackingAllowed, trackPixelEvent } from "../consent/browser-consent";
import { isMarket } from "../markets/markets";
import { wireAmountLinks } from "./amount-links";
import { wireConsentBanner } from "./consent-banner";
import { wirePrivacyNotice } from "./privacy-notice-dialog";

/**
 * The page's inline script after the visible page (bundled by lib/build/page-scripts.ts), run as the parser reaches
 * it, long before the page's JavaScript has loaded: what must work from the first tap or count even if the visitor
 * leaves at once. It keeps the visit's campaign touch, fires the pixel's InitiateCheckout (held by the pixel until the
 * visitor accepts, where the market asks), answers the tracking banner's buttons, moves focus into and out of the
 * privacy notice, and lets the hero's call to action and the WhatsApp link carry the estimate's amount. Its scope
 * comes from the script element's data attributes, so its text is the same on every page.
 */
const data = document.currentScript instanceof HTMLScriptElement ? document.currentScript.dataset : {};
const { market, consentVersion, consentAsk } = data;
if (isMarket(market) && consentVersion !== undefined) {
  const scope = { market, version: consentVersion, ask: consentAsk === "true" };
  try {
    captureVisit(trackingAllowed(scope));
  } catch (error) {
    console.warn("The campaign touch was not kept", error);
  }
  trackPixelEvent(scope, "InitiateCheckout");
  wireConsentBanner(scope);
}
wirePrivacyNotice();
wireAmountLinks();
