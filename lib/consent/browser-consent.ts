import { forgetClickIds, keepClickIdsOfThisVisit } from "../attribution/kept-touches";
import type { Market } from "../markets/markets";
import { consentCookie, META_COOKIES, META_PIXEL_SCRIPT, readConsent, type ConsentChoice } from "./consent-cookie";

declare global {
  interface Window {
    fbq?: ((...args: unknown[]) => void) & { queue?: unknown[][]; callMethod?: unknown };
  }
}

/**
 * Whose consent a page asks for: its market, the version of the notice it shows, and whether the market asks first.
 * The browser side of consent (banner, pixel events, attribution) reads and writes through here.
 */
export type ConsentScope = { market: Market; version: string; ask: boolean };

/** The visitor's answer to this scope's notice, or null when they have not answered it. */
export const currentChoice = (scope: ConsentScope): ConsentChoice | null =>
  readConsent(document.cookie, scope.market, scope.version);

/** Whether measurement may run: the market does not ask, or the visitor accepted this notice. */
export const trackingAllowed = (scope: ConsentScope): boolean => !scope.ask || currentChoice(scope) === "granted";

/**
 * A pixel event (InitiateCheckout, Lead). Sent where tracking is allowed; queued while the visitor has not answered
 * (Meta's library holds it until they accept, and it is dropped if they refuse); dropped when they refused: an event
 * from a refused period never reaches Meta, even if the visitor accepts later. Called as Meta documents it:
 * `fbq('track', name)`, with parameters and options only when there are some. A failure is only logged
 * (docs/requirements.md#errors).
 */
export function trackPixelEvent(
  scope: ConsentScope,
  name: string,
  options?: { params: object; eventID: string },
): void {
  try {
    if (typeof window.fbq !== "function" || (scope.ask && currentChoice(scope) === "denied")) return;
    if (options) window.fbq("track", name, options.params, { eventID: options.eventID });
    else window.fbq("track", name);
  } catch (error) {
    console.error(`Meta pixel ${name} failed`, error);
  }
}

/** Deletes a cookie whichever domain set it: this host, or a parent domain (Meta's pixel uses the registrable one). */
function deleteCookie(name: string): void {
  const labels = location.hostname.split(".");
  const domains = [undefined, ...labels.slice(0, -1).map((_, i) => labels.slice(i).join("."))];
  for (const domain of domains) document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ""}`;
}

/**
 * Records the visitor's answer for this market's notice and applies it at once. Accepting loads Meta's library
 * (which then sends what was queued while they had not answered) and keeps this visit's click ids. Refusing or
 * withdrawing drops the queued events, deletes Meta's cookies (_fbp, _fbc) and forgets every kept click id.
 */
export function recordChoice(scope: ConsentScope, choice: ConsentChoice): void {
  document.cookie = consentCookie(scope.market, choice, scope.version, location.protocol === "https:");
  const fbq = window.fbq;
  if (choice === "denied") {
    // The snippet's stub keeps calls in `queue` until Meta's library loads: the events of this period go.
    if (fbq?.queue) fbq.queue.splice(0, fbq.queue.length, ...fbq.queue.filter((call) => call[0] !== "track"));
    if (typeof fbq === "function") fbq("consent", "revoke");
    for (const name of META_COOKIES) deleteCookie(name);
    forgetClickIds();
    return;
  }
  keepClickIdsOfThisVisit();
  if (typeof fbq !== "function") return;
  fbq("consent", "grant");
  if (!document.querySelector(`script[src="${META_PIXEL_SCRIPT}"]`)) {
    const script = document.createElement("script");
    script.async = true;
    script.src = META_PIXEL_SCRIPT;
    document.head.append(script);
  }
}
