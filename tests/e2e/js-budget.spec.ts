import { expect, test } from "@playwright/test";
import { gzipSync } from "node:zlib";
import { MARKETS } from "../../lib/markets/markets";
import { measurePageWeight } from "../../scripts/lib/page-weight";
import { CAMPAIGN_PAGES } from "../../scripts/lib/seed-campaign-pages";

// Most of the budget is what an empty App Router page of the same packages loads too (`npm run bench` weighs it beside
// the site); the site's own first-load code (with the visit beacon) stays under 9 KiB on top. What a visitor only
// needs once they use the page (the estimate, the form, the phone check, the toaster) loads then, and is not counted here.
const JS_BUDGET_GZIP = 140 * 1024;
// The HTML of a page carries what React hydrates twice: once as markup, once in the payload React hydrates from
// (docs/development.md#what-the-page-loads-first). The parts React never hydrates travel once, as markup and the content
// they are rendered from.
const HTML_BUDGET_RAW = 83 * 1000;

// Every market's page and every market's campaign page from the seed: a new market is held to the budget too.
for (const path of [...MARKETS.map((market) => `/${market}`), ...CAMPAIGN_PAGES]) {
  test(`${path} loads at most 140 KiB of gzip JavaScript (the Studio adds nothing) and 83 kB of HTML, React and the router compiled off the main thread`, async ({
    browser,
    baseURL,
  }) => {
    const weight = await measurePageWeight(browser, `${baseURL}${path}`);
    console.log(
      `${path}: JS ${weight.jsGzip} B gzip (${weight.jsRaw} raw) in ${weight.scripts.length} scripts; HTML ${weight.htmlGzip} B gzip; CSS ${weight.cssGzip} B gzip`,
    );
    expect(weight.scripts.length).toBeGreaterThan(0);
    expect(weight.jsGzip).toBeLessThanOrEqual(JS_BUDGET_GZIP);
    expect(weight.htmlRaw).toBeLessThanOrEqual(HTML_BUDGET_RAW);
    // React and Next's router (most of the budget) are compiled off the main thread while they download: their
    // files start with V8's compile hint. Without it a throttled phone spends about twice as long blocked.
    const hinted = weight.scripts.filter((s) => s.compileHint);
    expect(hinted.reduce((n, s) => n + s.gzip, 0)).toBeGreaterThan(100 * 1024);
    expect(hinted).toContainEqual(expect.objectContaining({ gzip: Math.max(...weight.scripts.map((s) => s.gzip)) }));
    // No request leaves the origin in the default configuration.
    for (const s of weight.scripts) expect(new URL(s.url).origin).toBe(new URL(baseURL!).origin);
  });
}

// The form's phone check (libphonenumber-js and the offered codes' metadata) is left out of the page's start: it loads
// when a visitor first engages the form, together with the toaster.
const ENGAGEMENT_BUDGET_GZIP = 45 * 1024;

test("the phone check is not in the page's start-up JavaScript and loads, within its budget, when the form is engaged", async ({
  page,
  baseURL,
}) => {
  const scripts: { url: string; body: Promise<Buffer>; engaged: boolean }[] = [];
  let engaged = false;
  page.on("response", (response) => {
    // A worker's script (the proof of work) may be gone with its worker before its body is read: fetched again then.
    if (response.request().resourceType() === "script")
      scripts.push({
        url: response.url(),
        body: response.body().catch(() => page.request.get(response.url()).then((again) => again.body())),
        engaged,
      });
  });
  await page.goto(`${baseURL}/mx`, { waitUntil: "networkidle" });
  const hasPhoneMetadata = async (s: (typeof scripts)[number]) => (await s.body).includes("country_calling_codes");
  for (const s of scripts) expect(await hasPhoneMetadata(s), s.url).toBe(false);

  engaged = true;
  await page.locator('[name="company"]').focus();
  await expect
    .poll(async () => (await Promise.all(scripts.filter((s) => s.engaged).map(hasPhoneMetadata))).some(Boolean))
    .toBe(true);
  await page.waitForLoadState("networkidle");
  // The proof of work's worker (its script is part of what engaging the form loads) has run.
  await page.waitForFunction(() => performance.getEntriesByName("contact-proof").length > 0);
  const later = await Promise.all(
    scripts
      .filter((s) => s.engaged)
      .map(async (s) => ({ url: s.url, gzip: gzipSync(await s.body).length, phone: await hasPhoneMetadata(s) })),
  );
  const total = later.reduce((n, s) => n + s.gzip, 0);
  console.log(
    `/mx on engagement: ${total} B gzip in ${later.length} scripts (phone check ${later.filter((s) => s.phone).reduce((n, s) => n + s.gzip, 0)} B)`,
  );
  expect(total).toBeLessThanOrEqual(ENGAGEMENT_BUDGET_GZIP);
});

// The visit counter: the beacon (visit, form start) at most 1 kB gzip, loaded once the browser is idle; web-vitals a
// chunk of its own, at most 3.5 kB, loaded after the load event. Both are in the page budget above too.
const BEACON_BUDGET_GZIP = 1024;
const WEB_VITALS_BUDGET_GZIP = 3.5 * 1024;

test("the visit counter loads after the page, the beacon within 1 kB and web-vitals, its own chunk, within 3.5 kB", async ({
  page,
  baseURL,
}) => {
  const scripts: Promise<{ url: string; body: Buffer }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script")
      scripts.push(response.body().then((body) => ({ url: response.url(), body })));
  });
  // The beacon's chunk loads when the browser is idle, web-vitals' after the load event and the beacon's chunk. Each is
  // waited for by what it holds: "networkidle" is no wait here, since a busy browser can be idle for half a second
  // before its idle callback asks for either.
  const chunk = (needle: (body: string) => boolean) =>
    page.waitForResponse(async (r) => r.request().resourceType() === "script" && needle(await r.text()), {
      timeout: 20_000,
    });
  const arrived = Promise.all([
    chunk((body) => body.includes("/api/beacon")),
    chunk((body) => body.includes("largest-contentful-paint") && body.includes("layout-shift")),
  ]);
  await page.goto(`${baseURL}/mx`, { waitUntil: "load" });
  await arrived;
  const loaded = await Promise.all(scripts);
  const beacon = loaded.filter((s) => s.body.includes("/api/beacon"));
  const vitals = loaded.filter((s) => s.body.includes("largest-contentful-paint") && s.body.includes("layout-shift"));
  expect(beacon.map((s) => s.url)).toHaveLength(1);
  expect(vitals.map((s) => s.url)).toHaveLength(1);
  expect(vitals[0]!.url).not.toBe(beacon[0]!.url);
  const [beaconGzip, vitalsGzip] = [gzipSync(beacon[0]!.body).length, gzipSync(vitals[0]!.body).length];
  console.log(`/mx: visit beacon ${beaconGzip} B gzip, web-vitals ${vitalsGzip} B gzip`);
  expect(beaconGzip).toBeLessThanOrEqual(BEACON_BUDGET_GZIP);
  expect(vitalsGzip).toBeLessThanOrEqual(WEB_VITALS_BUDGET_GZIP);
  // web-vitals is asked for only once the page has loaded.
  const timing = await page.evaluate((url) => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const chunk = performance.getEntriesByName(url)[0];
    return { loaded: navigation!.loadEventEnd, requested: chunk?.startTime ?? -1 };
  }, vitals[0]!.url);
  expect(timing.requested).toBeGreaterThanOrEqual(timing.loaded);
});
