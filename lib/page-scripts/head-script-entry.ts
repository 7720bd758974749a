import { readConsent } from "../consent/consent-cookie";
import { isMarket } from "../markets/markets";
import { BANNER_OPEN_CLASS } from "./page-elements";

/**
 * The page's inline script in <head> (bundled by lib/build/page-scripts.ts): before the body is parsed, it opens the
 * tracking banner for a visitor who has not answered this market's notice, so the banner is there in the first frame
 * and a visitor who answered never sees it flash. Without JavaScript nobody can be asked, and the banner stays hidden.
 */
const data = document.currentScript instanceof HTMLScriptElement ? document.currentScript.dataset : {};
const { market, consentVersion, consentAsk } = data;
if (
  isMarket(market) &&
  consentVersion &&
  consentAsk === "true" &&
  !readConsent(document.cookie, market, consentVersion)
)
  document.documentElement.classList.add(BANNER_OPEN_CLASS);
