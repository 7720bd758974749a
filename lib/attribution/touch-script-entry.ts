import { trackingAllowed } from "../consent/browser-consent";
import { isMarket } from "../markets/markets";
import { captureVisit } from "./kept-touches";

/**
 * The page's inline touch script (app/_components/campaign-touch-script.tsx), bundled from this file by
 * lib/build/touch-script.ts: it keeps the visit's campaign touch as the parser reaches it, long before the page's
 * JavaScript has loaded and hydrated, so a visitor who leaves as soon as the page has loaded still counts. The
 * cleaning and consent rules are the modules the rest of the page uses. Its scope comes from the script element's
 * data attributes, so the script's text is the same on every page.
 */
const script = document.currentScript;
const { market, consentVersion, consentAsk } = script instanceof HTMLScriptElement ? script.dataset : {};
if (isMarket(market) && consentVersion !== undefined) {
  try {
    captureVisit(trackingAllowed({ market, version: consentVersion, ask: consentAsk === "true" }));
  } catch (error) {
    console.warn("The campaign touch was not kept", error);
  }
}
