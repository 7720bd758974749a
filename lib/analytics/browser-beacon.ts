import { clickPlatform } from "../attribution/click-platform";
import { ATTRIBUTION_STORAGE_KEY, TOUCH_MAX_AGE_DAYS } from "../attribution/touch-storage";

/**
 * The page's side of the visit counter, loaded when the browser is idle (app/_components/visit-beacon.tsx), never
 * before the page or its form: a visit once the page is visible, a form start at the first edit of a field, field
 * speed after the load event (web-vitals, a chunk of its own). Each goes to our own origin by navigator.sendBeacon,
 * which the browser delivers even as the page closes. Nothing is written: no cookie, no storage. The campaign is the
 * last touch the page already keeps (lib/attribution/kept-touches.ts), read only, so a lead and the visits before it
 * count under one campaign; its click id never leaves, only the name of its ad platform.
 */
const ENDPOINT = "/api/beacon";
const DAY_MS = 86_400_000;

type Touch = { s?: unknown; m?: unknown; c?: unknown; k?: string };

/** The kept last touch's campaign, when it is still in the window (as the lead's attribution reads it). */
function lastTouch(): Touch | undefined {
  try {
    const last = (
      JSON.parse(localStorage.getItem(ATTRIBUTION_STORAGE_KEY) ?? "null") as { last?: Record<string, unknown> }
    )?.last;
    if (!last || !(Date.parse(last.at as string) > Date.now() - TOUCH_MAX_AGE_DAYS * DAY_MS)) return undefined;
    return { s: last.utm_source, m: last.utm_medium, c: last.utm_campaign, k: clickPlatform(last) };
  } catch {
    return undefined;
  }
}

/** Sent as the page goes on or closes; a beacon the browser refuses (its queue is full) is not counted. */
const send = (body: object) => navigator.sendBeacon(ENDPOINT, JSON.stringify(body));

/**
 * Counts this page view: its visit when the page is (or becomes) visible, and its first form edit (an `input` event:
 * selects fire one too). Called once per page view (app/_components/visit-beacon.tsx).
 */
export function countPageView(): void {
  const path = location.pathname;
  const touch = lastTouch();
  const visit = () => {
    if (document.visibilityState !== "visible") return;
    document.removeEventListener("visibilitychange", visit);
    send({ type: "visit", path, touch });
  };
  document.addEventListener("visibilitychange", visit);
  visit();
  const edit = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest("#contact-form")) return;
    document.removeEventListener("input", edit, true);
    send({ type: "start", path, touch });
  };
  document.addEventListener("input", edit, true);
  if (document.readyState === "complete") watchVitals(path);
  else addEventListener("load", () => watchVitals(path), { once: true });
}

/**
 * LCP, INP and CLS of this document, each sent once known (web-vitals reports them by the time the page hides). Once
 * per document: the market's root layout, which loads this, mounts once per page load.
 */
function watchVitals(path: string) {
  void import("web-vitals").then(({ onCLS, onINP, onLCP }) => {
    let pending: Record<string, number> | undefined;
    const report = ({ name, value }: { name: string; value: number }) => {
      // Metrics reported together (as the page hides) go in one beacon.
      if (!pending) {
        pending = {};
        queueMicrotask(() => {
          send({ type: "vitals", path, vitals: pending });
          pending = undefined;
        });
      }
      pending[name] = value;
    };
    onLCP(report);
    onINP(report);
    onCLS(report);
  });
}
