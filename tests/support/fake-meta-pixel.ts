import type { Page, Request } from "@playwright/test";

/** The pixel id the browser-test build carries, so every page test runs with the consent banner in place. */
export const E2E_PIXEL_ID = "1234567890";

/**
 * A stand-in for Meta's fbevents.js, served by route interception (Meta is unreachable here). It does what Meta
 * documents for the library: replays the calls `fbq` queued before it loaded, holds events while consent is
 * revoked and sends them once it is granted, each as a GET to https://www.facebook.com/tr.
 */
const FBEVENTS = `(function () {
  var fbq = window.fbq, pixel = null, revoked = false, held = [];
  function send(name) { new Image().src = "https://www.facebook.com/tr?id=" + pixel + "&ev=" + encodeURIComponent(name); }
  function track(name) { if (revoked) held.push(name); else send(name); }
  fbq.callMethod = function (command, a) {
    if (command === "consent") { revoked = a === "revoke"; if (!revoked) { held.splice(0).forEach(send); } }
    else if (command === "init") { pixel = a; }
    else if (command === "track") { track(a); }
  };
  fbq.queue.splice(0).forEach(function (args) { fbq.callMethod.apply(null, args); });
})();`;

/** Answers Meta's hosts and records every request that reaches them. */
export async function interceptMeta(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route(/^https:\/\/(connect\.facebook\.net|www\.facebook\.com)\//, async (route) => {
    requests.push(route.request());
    const url = new URL(route.request().url());
    if (url.hostname === "connect.facebook.net") await route.fulfill({ contentType: "text/javascript", body: FBEVENTS });
    else await route.fulfill({ contentType: "image/gif", body: Buffer.from("R0lGODlhAQABAAAAACw=", "base64") });
  });
  return requests;
}

/** The events that reached Meta's /tr endpoint, in order. */
export const sentEvents = (requests: Request[]) =>
  requests.filter((r) => r.url().startsWith("https://www.facebook.com/tr")).map((r) => new URL(r.url()).searchParams.get("ev"));
