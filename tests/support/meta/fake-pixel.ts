import type { Page, Request } from "@playwright/test";

/**
 * A stand-in for Meta's fbevents.js, served by route interception (Meta is unreachable here). It does what Meta
 * documents for the library: replays the calls `fbq` queued before it loaded, holds events while consent is
 * revoked and sends them once it is granted, each as a GET to https://www.facebook.com/tr carrying its eventID.
 */
const FBEVENTS = `(function () {
  var fbq = window.fbq, pixel = null, revoked = false, held = [];
  function send(name, options) {
    var query = new URLSearchParams({ id: pixel, ev: name });
    if (options && options.eventID) query.set("eid", options.eventID);
    new Image().src = "https://www.facebook.com/tr?" + query;
  }
  function track(name, options) { if (revoked) held.push([name, options]); else send(name, options); }
  fbq.callMethod = function (command, a, params, options) {
    if (command === "consent") { revoked = a === "revoke"; if (!revoked) { held.splice(0).forEach(function (e) { send(e[0], e[1]); }); } }
    else if (command === "init") { pixel = a; }
    else if (command === "track") { track(a, options); }
  };
  fbq.queue.splice(0).forEach(function (args) { fbq.callMethod.apply(null, args); });
})();`;

/** Answers Meta's hosts and records every request that reaches them. */
export async function interceptMeta(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route(/^https:\/\/(connect\.facebook\.net|www\.facebook\.com)\//, async (route) => {
    requests.push(route.request());
    const url = new URL(route.request().url());
    if (url.hostname === "connect.facebook.net")
      await route.fulfill({ contentType: "text/javascript", body: FBEVENTS });
    else await route.fulfill({ contentType: "image/gif", body: Buffer.from("R0lGODlhAQABAAAAACw=", "base64") });
  });
  return requests;
}

/** The events that reached Meta's /tr endpoint, in order. */
export const sentEvents = (requests: Request[]) =>
  requests
    .filter((r) => r.url().startsWith("https://www.facebook.com/tr"))
    .map((r) => new URL(r.url()).searchParams.get("ev"));
