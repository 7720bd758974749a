import {
  cleanAttribution,
  dropClickIds,
  freshAttribution,
  recordTouch,
  touchFromVisit,
  type Attribution,
} from "./campaign-touch";
import { ATTRIBUTION_STORAGE_KEY } from "./touch-storage";

/**
 * The browser's copy of the visitor's first and last touch: first-party, in this site's localStorage, never sent
 * anywhere but with a lead. localStorage rather than a cookie: nothing here needs to reach the server with every
 * request (the pages are static and cached), and a cookie set from script gets no longer life in Safari than
 * storage does. Every access tolerates storage being unavailable (private modes, blocked storage): the lead then
 * goes without attribution, never without being sent.
 */
const KEY = ATTRIBUTION_STORAGE_KEY;

/** What is kept, read through the same cleaning as the server's: an old or tampered copy never travels as it is. */
function read(): Attribution {
  try {
    return cleanAttribution(JSON.parse(localStorage.getItem(KEY) ?? "{}"), { clickIds: true });
  } catch {
    return {};
  }
}

function write(kept: Attribution): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused: this visit's touch is not kept.
  }
}

declare global {
  interface Window {
    /**
     * When this page view was a campaign visit, the time of its touch: granting consent later completes that touch.
     * On the window, not in this module: the page's inline script keeps the touch with its own copy of this module,
     * the consent banner completes it with the bundle's.
     */
    puenteVisitTouchAt?: string;
  }
}

/** Records this page view when it is a campaign visit; click ids only when `clickIds` (tracking allowed). */
export function captureVisit(clickIds: boolean): void {
  const touch = touchFromVisit(location.href, document.referrer, { clickIds });
  if (!touch) return;
  window.puenteVisitTouchAt = touch.at;
  write(recordTouch(read(), touch));
}

/** Consent was just given: this page view's touch gets the click ids its URL carries (earlier visits' are gone). */
export function keepClickIdsOfThisVisit(): void {
  const thisVisit = window.puenteVisitTouchAt;
  const touch = thisVisit
    ? touchFromVisit(location.href, document.referrer, { clickIds: true, now: Date.parse(thisVisit) })
    : undefined;
  if (!touch) return;
  const kept = read();
  write({
    first: kept.first?.at === thisVisit ? touch : kept.first,
    last: kept.last?.at === thisVisit ? touch : kept.last,
  });
}

/** Consent was refused or withdrawn: no kept touch holds a click id any more. */
export function forgetClickIds(): void {
  write(dropClickIds(read()));
}

/** What travels with a lead: the touches still in the window, click ids only when `clickIds`. */
export function attributionForLead(clickIds: boolean): Attribution {
  return cleanAttribution(freshAttribution(read()), { clickIds });
}
