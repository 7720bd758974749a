import { expect, test, type Page } from "@playwright/test";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { consentCookieName } from "../../lib/consent/consent-cookie";
import { MARKETS } from "../../lib/markets/markets";
import { BANNER_ID, CHOICE_ATTRIBUTE } from "../../lib/page-scripts/page-elements";
import { watchLayoutShifts } from "../support/browser/layout-shifts";
import { seedNoticeVersion } from "../support/browser/consent-answer";
import { fillContactForm, VALID_FORM } from "../support/contact/contact-form-fill";
import { interceptMeta } from "../support/meta/fake-pixel";

/**
 * The page on a slow connection: its scripts 2 s late at least, held until the test lets them through (a slow machine
 * filling the form must not let them in early). Everything a visitor sees in the first frame, and the first taps, must
 * not wait for them.
 */
async function slowConnection(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const twoSeconds = new Promise((resolve) => setTimeout(resolve, 2000));
  await page.route(/\/_next\/static\/chunks\/[^/]+\.js$/, async (route) => {
    await Promise.all([released, twoSeconds]);
    await route.continue();
  });
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(request.url());
  });
  await page.addInitScript(() => {
    const lcp: { at: number; id: string }[] = [];
    (window as unknown as { __lcp: typeof lcp }).__lcp = lcp;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
        lcp.push({ at: entry.startTime, id: `${entry.element?.tagName.toLowerCase()}#${entry.element?.id}` });
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  return {
    release,
    /** The fonts the page has asked for. */
    fonts,
    /** Whether any of the page's own scripts has run (Next's runtime defines `window.next`). */
    scriptsRan: () => page.evaluate(() => "next" in window),
  };
}

for (const market of MARKETS) {
  test(`/${market}: the hero's heading is the one largest paint, at the first paint, with the banner, before any script, and no font`, async ({
    page,
  }) => {
    await interceptMeta(page);
    const slow = await slowConnection(page);
    await page.goto(`/${market}`, { waitUntil: "domcontentloaded" });
    // The first frame, the scripts still on their way: the tracking banner is there, and InitiateCheckout is queued.
    const banner = page.locator("#consent-banner");
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("button")).toHaveCount(2);
    expect(await slow.scriptsRan()).toBe(false);
    expect(
      await page.evaluate(() =>
        (window as unknown as { fbq: { queue: unknown[][] } }).fbq.queue.some((call) => call[1] === "InitiateCheckout"),
      ),
    ).toBe(true);

    slow.release();
    await page.waitForLoadState("networkidle");
    const { fcp, lcp } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
      lcp: (window as unknown as { __lcp: { at: number; id: string }[] }).__lcp,
    }));
    expect(lcp.map((entry) => entry.id)).toEqual(["h1#hero-title"]);
    expect(Math.abs(lcp[0]!.at - fcp)).toBeLessThanOrEqual(50);
    // The text is set in the device's own font: on a phone's slow connection a web font's bytes came with the
    // stylesheet's and the HTML's, and the first paint waited for them.
    expect(slow.fonts).toEqual([]);
  });
}

test("at full speed the first frame is painted before any of Next's scripts is even requested; then the page hydrates", async ({
  page,
  request,
}) => {
  await page.addInitScript(() => {
    requestAnimationFrame(() => ((window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now()));
  });
  await page.goto("/mx");
  await expect.poll(() => page.evaluate(() => "next" in window)).toBe(true);
  // The HTML names one script, the loader (beside the polyfills only old browsers load), which names Next's start-up
  // chunks; the page's payload names the chunks of its own client components.
  const html = await (await request.get("/mx")).text();
  const inMarkup = [...html.matchAll(/<script src="([^"]+)"(?![^>]*noModule)/g)].map((match) => match[1]!);
  expect(inMarkup).toHaveLength(1);
  expect(inMarkup[0]).toContain("/start-after-paint-");
  const loaderText = await (await request.get(inMarkup[0]!)).text();
  const startUp = [...loaderText.matchAll(/"(static\/chunks\/[^"]+\.js)"/g)].map((match) => `/_next/${match[1]}`);
  const pageChunks = [...html.matchAll(/\\"(\/_next\/static\/chunks\/[^"\\]+\.js)\\"/g)].map((match) => match[1]!);
  expect(startUp.length).toBeGreaterThan(0);
  expect(pageChunks.length).toBeGreaterThan(0);
  const { firstFrameAt, requestedAt } = await page.evaluate(
    (paths) => ({
      firstFrameAt: (window as unknown as { firstFrameAt: number }).firstFrameAt,
      requestedAt: performance
        .getEntriesByType("resource")
        .filter((entry) => paths.includes(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }),
    [...startUp, ...pageChunks],
  );
  expect(requestedAt).toHaveLength(startUp.length + pageChunks.length);
  for (const at of requestedAt) expect(at).toBeGreaterThan(firstFrameAt);
});

test("before the scripts arrive the banner's buttons work and the form can be filled; the form keeps it all once they do", async ({
  page,
  context,
}) => {
  await interceptMeta(page);
  const slow = await slowConnection(page);
  await page.goto("/mx", { waitUntil: "domcontentloaded" });
  await page.locator("#consent-banner").getByRole("button", { name: "Rechazar" }).click();
  await expect(page.locator("#consent-banner")).toBeHidden();
  const cookie = (await context.cookies()).find((c) => c.name === consentCookieName("mx"));
  expect(cookie?.value).toBe(`denied.${seedNoticeVersion("mx")}`);

  await fillContactForm(page, { company: "Importadora Antes" });
  expect(await slow.scriptsRan()).toBe(false);
  const submit = page.locator('#contact-form button[type="submit"]');
  // Disabled as the server rendered it: without its code the form cannot be sent (the route needs its proof).
  await expect(submit).toBeDisabled();

  slow.release();
  await expect(submit).toBeEnabled();
  // The proof of work starts once the code is there, as on a first focus, without another keystroke: the lead is not
  // held up while it is solved at sending.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName("contact-proof").length), { timeout: 15_000 })
    .toBe(1);
  await expect(page.locator('[name="company"]')).toHaveValue("Importadora Antes");
  await expect(page.locator('[name="phone"]')).toHaveValue(VALID_FORM.phone);
  await expect(page.locator('[name="volume"]')).toHaveValue(VALID_FORM.volume);
  // The select's visible box follows the choice made before the code arrived.
  const chosen = await page.locator('[name="volume"] option:checked').textContent();
  await expect(page.locator('[name="volume"] + div')).toHaveText(chosen!);
});

test("the HTML arriving in two parts, cut inside the banner, paints the first screen only once it is all there: nothing moves", async ({
  page,
  baseURL,
}) => {
  // A stand-in for a slow connection between server and browser: the page's HTML up to the banner's first button, a
  // pause, then the rest; every other request passes through.
  const PAUSE_MS = 1500;
  const html = await (await page.request.get(`${baseURL}/br`)).text();
  const cut = html.indexOf(`${CHOICE_ATTRIBUTE}="denied"`);
  expect(cut).toBeGreaterThan(html.indexOf(`id="${BANNER_ID}"`));
  const proxy = createServer((request, response) => {
    if (request.url === "/br") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.write(html.slice(0, cut));
      setTimeout(() => response.end(html.slice(cut)), PAUSE_MS);
      return;
    }
    const upstream = httpRequest(new URL(request.url!, baseURL), { method: request.method }, (answer) => {
      response.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(response);
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  try {
    const started = Date.now();
    await page.goto(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/br`, { waitUntil: "load" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(PAUSE_MS);
    await expect(page.locator(`#${BANNER_ID}`).getByRole("button")).toHaveCount(2);
    const firstPaint = await page.evaluate(() => performance.getEntriesByName("first-paint")[0]?.startTime ?? -1);
    expect(firstPaint).toBeGreaterThanOrEqual(PAUSE_MS);
    // Every shift since the page began (the observer is buffered), with what moved.
    expect(await (await watchLayoutShifts(page))()).toEqual([]);
  } finally {
    proxy.close();
  }
});
