import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Page, type Request } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { MARKETS, type Market } from "../../lib/markets/markets";
import { consentCookieName, META_PIXEL_SCRIPT } from "../../lib/consent/consent-cookie";
import { editDocument, readDataset } from "../support/sanity/dataset-file";
import { consentAnswer } from "../support/browser/consent-answer";
import { E2E_HOSTS, E2E_PIXEL_ID } from "../../scripts/lib/e2e-hosts";
import { interceptMeta, sentEvents } from "../support/meta/fake-pixel";
import { watchLayoutShifts } from "../support/browser/layout-shifts";
import { revalidateWebhook as webhook } from "../support/sanity/revalidate-webhook";
import { asNewClient, fillContactForm } from "../support/contact/contact-form-fill";
import { seedLanding } from "../support/sanity/seed";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = Record<string, any>;
const seedNotice = (market: Market) =>
  readDataset("studio/seed/landing.ndjson").find((d) => d._id === `privacyNotice.${market}`) as Doc;
const LANG: Record<Market, string> = { mx: "es-MX", br: "pt-BR", ar: "es-AR" };

/** A visitor who already answered the banner, so these checks are about the notice alone. */
async function answered(context: BrowserContext, market: Market, choice: "granted" | "denied" = "denied") {
  await context.addCookies([consentAnswer(market, choice, E2E_HOSTS.embedded)]);
}

const noticeOf = (page: Page) => page.locator("#privacy-notice");

for (const market of MARKETS) {
  const notice = seedNotice(market);

  test.describe(`/${market} privacy notice`, () => {
    test("opens from the form line by keyboard and goes back there, in the market's language and URL", async ({
      page,
      context,
    }) => {
      await answered(context, market);
      await page.goto(`/${market}/empresas/pagos`);
      await expect(page.locator("html")).toHaveAttribute("lang", LANG[market]);
      const [before] = (notice.formLine as string).split("{link}");
      const line = page.locator("p", { hasText: before!.trim() });
      const link = line.getByRole("link", { name: notice.formLinkLabel });
      await expect(noticeOf(page)).toBeHidden();
      await link.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: notice.title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toBeFocused();
      await expect(dialog).toContainText(notice.legalName);
      await expect(dialog).toContainText(notice.authority);
      await expect(dialog.getByRole("link", { name: notice.privacyEmail })).toHaveAttribute(
        "href",
        `mailto:${notice.privacyEmail}`,
      );
      // Still the market's landing page under its own prefix, the page behind out of reach while it is open.
      expect(new URL(page.url()).pathname).toBe(`/${market}/empresas/pagos`);
      await expect(page.locator("main")).toHaveAttribute("inert", "");
      await page.keyboard.press("Escape");
      await expect(noticeOf(page)).toBeHidden();
      await expect(link).toBeFocused();
      expect(page.url()).toBe(`${E2E_HOSTS.embedded}/${market}/empresas/pagos`);
      await expect(page.locator("main")).not.toHaveAttribute("inert", "");
    });

    test("opens from the footer and its close link returns focus to the footer link", async ({ page, context }) => {
      await answered(context, market);
      await page.goto(`/${market}`);
      const link = page.locator("footer").getByRole("link", { name: notice.footerLinkLabel });
      await link.click();
      const dialog = page.getByRole("dialog", { name: notice.title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toBeFocused();
      await dialog.getByRole("link", { name: notice.closeLabel }).first().click();
      await expect(noticeOf(page)).toBeHidden();
      await expect(link).toBeFocused();
      expect(new URL(page.url()).hash).toBe("");
    });

    test("works without JavaScript, from the form and from the footer", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL: E2E_HOSTS.embedded });
      const page = await context.newPage();
      try {
        await page.goto(`/${market}/x`);
        // Without JavaScript there is no pixel, so nobody is asked.
        await expect(page.getByRole("region", { name: notice.bannerLabel })).toHaveCount(0);
        const formLink = page.locator("#contact-form").getByRole("link", { name: notice.formLinkLabel });
        await formLink.click();
        const dialog = page.getByRole("dialog", { name: notice.title });
        await expect(dialog).toBeVisible();
        await expect(dialog).toBeFocused();
        expect(new URL(page.url()).pathname).toBe(`/${market}/x`);
        await dialog.getByRole("link", { name: notice.closeLabel }).first().click();
        await expect(noticeOf(page)).toBeHidden();
        await expect(formLink).toBeFocused();

        await page.locator("footer").getByRole("link", { name: notice.footerLinkLabel }).click();
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(notice.title);
        // The page carries the notice's title and a link to its text, which opens as a page in the market's language.
        await dialog.getByRole("link", { name: notice.fullNoticeLabel }).click();
        await expect(page.locator("html")).toHaveAttribute("lang", LANG[market]);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(notice.title);
        await expect(page.locator("article")).toContainText(notice.legalName);
        await expect(page.locator("article")).toContainText(notice.authority);
        await page.getByRole("link", { name: notice.closeLabel }).click();
        expect(new URL(page.url()).pathname).toBe(`/${market}`);
      } finally {
        await context.close();
      }
    });
  });

  test.describe(`/${market} tracking consent`, () => {
    test("the banner asks in the market's language, with no layout shift and no axe violations", async ({ page }) => {
      const meta = await interceptMeta(page);
      await page.goto(`/${market}`);
      const banner = page.getByRole("region", { name: notice.bannerLabel });
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(notice.bannerText);
      const accept = banner.getByRole("button", { name: notice.acceptLabel });
      const reject = banner.getByRole("button", { name: notice.rejectLabel });
      // Equally easy: same size, same look.
      const [a, r] = [await accept.boundingBox(), await reject.boundingBox()];
      expect(a!.height).toBe(r!.height);
      expect(await accept.getAttribute("class")).toBe(await reject.getAttribute("class"));
      // Every layout shift without recent input, with what moved, so a failure names the element.
      const shifts = await (await watchLayoutShifts(page))();
      expect(shifts).toEqual([]);
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      expect(meta).toEqual([]);
    });
  });
}

test("no script the browser runs comes before the end of the visible page, so the first frame is never half a header", async ({
  request,
}) => {
  // An inline script waits for the stylesheet, and the parser waits with it; when the stylesheet arrives the first
  // frame is painted after the parser's first slice of work. With the pixel's snippet before the header, that frame
  // held half the header, whose Contact button then appeared and moved the group (a layout shift on slow phones).
  for (const market of MARKETS) {
    const html = await (await request.get(`/${market}`)).text();
    const body = html.slice(html.indexOf("<body"), html.indexOf("</footer>"));
    expect(body.length, "the page has a body and a footer").toBeGreaterThan(1000);
    const scripts = [...body.matchAll(/<script\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !tag.includes('type="application/ld+json"'));
    expect(scripts, `/${market}`).toEqual([]);
    expect(html.slice(html.indexOf("</footer>")), `/${market} still has the pixel`).toContain("fbq('init'");
  }
});

test("nothing reaches Meta before accept; after it the pixel loads, the held events go out, and the choice survives a reload", async ({
  page,
  context,
}) => {
  const meta = await interceptMeta(page);
  await page.goto("/br");
  await page.waitForLoadState("networkidle");
  // The page's own InitiateCheckout has been called, and is held in the queue.
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { fbq: { queue: unknown[][] } }).fbq.queue.some((c) => c[1] === "InitiateCheckout"),
      ),
    )
    .toBe(true);
  expect(meta.map((r) => r.url())).toEqual([]);

  await page.getByRole("button", { name: "Aceitar" }).click();
  await expect(page.getByRole("region", { name: seedNotice("br").bannerLabel })).toHaveCount(0);
  await expect.poll(() => sentEvents(meta)).toEqual(["PageView", "InitiateCheckout"]);
  expect(meta[0]!.url()).toBe("https://connect.facebook.net/en_US/fbevents.js");
  expect(
    meta.filter((r) => r.url().includes("/tr")).every((r) => new URL(r.url()).searchParams.get("id") === E2E_PIXEL_ID),
  ).toBe(true);

  const cookie = (await context.cookies()).find((c) => c.name === consentCookieName("br"));
  expect(cookie?.value).toBe(`granted.${seedNotice("br").updatedAt}`);
  const days = (cookie!.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(150);
  expect(days).toBeLessThan(200);

  meta.length = 0;
  await page.reload();
  await expect.poll(() => sentEvents(meta)).toEqual(["PageView", "InitiateCheckout"]);
  await expect(page.getByRole("region", { name: seedNotice("br").bannerLabel })).toHaveCount(0);
});

test("reject sends nothing, now or after a reload; the footer reopens the banner and focus comes back", async ({
  page,
}) => {
  const notice = seedNotice("ar");
  const meta = await interceptMeta(page);
  await page.goto("/ar");
  await page.getByRole("button", { name: notice.rejectLabel }).click();
  await expect(page.getByRole("region", { name: notice.bannerLabel })).toHaveCount(0);
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("region", { name: notice.bannerLabel })).toHaveCount(0);
  expect(meta.map((r) => r.url())).toEqual([]);

  const settings = page.locator("footer").getByRole("button", { name: notice.settingsLinkLabel });
  await settings.focus();
  await page.keyboard.press("Enter");
  const banner = page.getByRole("region", { name: notice.bannerLabel });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("button").first()).toBeFocused();
  await banner.getByRole("button", { name: notice.acceptLabel }).press("Enter");
  await expect(banner).toHaveCount(0);
  await expect(settings).toBeFocused();
  // Meta's library loads, but this page view happened while tracking was refused: it is never sent. The next is.
  await expect.poll(() => meta.some((r) => r.url() === META_PIXEL_SCRIPT)).toBe(true);
  await page.waitForLoadState("networkidle");
  expect(sentEvents(meta)).toEqual([]);
  await page.reload();
  await expect.poll(() => sentEvents(meta)).toEqual(["PageView", "InitiateCheckout"]);
});

test("a market set not to ask first loads the pixel at once and shows no banner", async ({ page, request }) => {
  const notice = seedNotice("mx");
  const restore = editDocument("privacyNotice.mx", (doc) => (doc.askConsent = false));
  const asks = async () => (await (await request.get("/mx")).text()).includes("'consent','revoke'");
  try {
    expect((await webhook(request, { _type: "privacyNotice", _id: "privacyNotice.mx", market: "mx" })).status()).toBe(
      200,
    );
    await expect.poll(asks, { timeout: 10_000 }).toBe(false);
    const meta = await interceptMeta(page);
    await page.goto("/mx");
    await expect.poll(() => sentEvents(meta)).toEqual(["PageView", "InitiateCheckout"]);
    await expect(page.getByRole("region", { name: notice.bannerLabel })).toHaveCount(0);
    await expect(page.locator("footer").getByRole("button", { name: notice.settingsLinkLabel })).toHaveCount(0);
  } finally {
    restore();
    await webhook(request, { _type: "privacyNotice", market: "mx" });
  }
  await expect.poll(asks, { timeout: 10_000 }).toBe(true);
});

test("opened by its address while the page's code still loads (the confirmation email's link), the notice shows its text and the page hydrates without an error", async ({
  page,
  context,
}) => {
  const notice = seedNotice("mx");
  await answered(context, "mx");
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/mx#privacy-notice", { waitUntil: "commit" });
  const dialog = page.getByRole("dialog", { name: notice.title });
  // Loaded by the inline script, before React has the page.
  await expect(dialog).toContainText(notice.legalName);
  release();
  await page.keyboard.press("Escape");
  await expect(noticeOf(page)).toBeHidden();
  // The form answers input only once React has hydrated the page: the notice's text did not break hydration.
  await fillContactForm(page, { company: `Notice ${randomUUID()}` });
  await expect(page.locator('#contact-form button[type="submit"]')).toBeEnabled();
  await expect(noticeOf(page)).toContainText(notice.legalName);
  expect(errors).toEqual([]);
});

// ---- Consent as the visitor lives it: refused periods, markets, revoking, click ids, a phone's screen ----

const bannerOf = (page: Page, market: Market) => page.getByRole("region", { name: seedNotice(market).bannerLabel });
const settingsOf = (page: Page, market: Market) =>
  page.locator("footer").getByRole("button", { name: seedNotice(market).settingsLinkLabel });
/** Every hit on Meta's /tr endpoint: the events the pixel sent. */
const pixelHits = (meta: Request[]) =>
  meta.filter((r) => r.url().startsWith("https://www.facebook.com/tr")).map((r) => new URL(r.url()).searchParams);

const fillLead = (page: Page, company: string) =>
  fillContactForm(page, { company, country: "colombia", reason: "contractors", volume: "100000-plus" });

/**
 * Sends a lead from the form of /mx (or a page below it) and waits for the stored answer and the confirmation a visitor sees, as the form
 * is cleared for a next lead only then; returns the body the browser posted.
 */
async function sendLead(
  page: Page,
  company = `Consent ${randomUUID()}`,
): Promise<{ submissionId: string } & Record<string, unknown>> {
  await fillLead(page, company);
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST");
  await page.locator('#contact-form button[type="submit"]').click();
  const response = await answered;
  expect(response.status()).toBe(201);
  await expect(page.getByRole("group", { name: seedLanding("mx").contact.successTitle })).toBeVisible();
  return response.request().postDataJSON() as { submissionId: string };
}

test("a Lead sent while tracking was refused never reaches Meta, even once the visitor accepts", async ({ page }) => {
  const notice = seedNotice("mx");
  await asNewClient(page);
  const meta = await interceptMeta(page);
  await page.goto("/mx");
  await bannerOf(page, "mx").getByRole("button", { name: notice.rejectLabel }).click();
  const refused = await sendLead(page);

  await settingsOf(page, "mx").click();
  await bannerOf(page, "mx").getByRole("button", { name: notice.acceptLabel }).click();
  await expect.poll(() => meta.some((r) => r.url() === META_PIXEL_SCRIPT)).toBe(true);
  // Measured from now on: the next lead reaches Meta under its own id, and nothing of the refused period ever does
  // (not its Lead, not the page's PageView or InitiateCheckout).
  const accepted = await sendLead(page);
  await expect
    .poll(() => pixelHits(meta).map((h) => `${h.get("ev")} ${h.get("eid") ?? ""}`.trim()))
    .toEqual([`Lead ${accepted.submissionId}`]);
  // Once the page has run all it had queued (its main thread idle), a request of the refused period would be out.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  expect(meta.some((r) => r.url().includes(refused.submissionId))).toBe(false);
  expect(sentEvents(meta)).toEqual(["Lead"]);
});

test("consent is per market and per notice version: accepted on /mx, /br still asks; a new /mx notice asks again", async ({
  page,
  context,
  request,
}) => {
  const meta = await interceptMeta(page);
  await page.goto("/mx");
  await bannerOf(page, "mx")
    .getByRole("button", { name: seedNotice("mx").acceptLabel })
    .click();
  await expect.poll(() => sentEvents(meta)).toEqual(["PageView", "InitiateCheckout"]);

  meta.length = 0;
  await page.goto("/br");
  await expect(bannerOf(page, "br")).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Brazil's visitor has not agreed to Brazil's notice: Meta's library is not even requested.
  expect(meta.map((r) => r.url())).toEqual([]);
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).toContain(consentCookieName("mx"));
  expect(names).not.toContain(consentCookieName("br"));

  await page.goto("/mx");
  await expect(page.locator("footer").getByRole("button", { name: seedNotice("mx").settingsLinkLabel })).toBeVisible();
  await expect(bannerOf(page, "mx")).toHaveCount(0);

  // The marketer publishes a new version of the Mexican notice: the answer given to the old one no longer counts.
  const restore = editDocument("privacyNotice.mx", (doc) => (doc.updatedAt = "2027-01-15"));
  const newVersionServed = async () => (await (await request.get("/mx")).text()).includes("2027-01-15");
  try {
    expect((await webhook(request, { _type: "privacyNotice", _id: "privacyNotice.mx", market: "mx" })).status()).toBe(
      200,
    );
    await expect.poll(newVersionServed, { timeout: 10_000 }).toBe(true);
    meta.length = 0;
    await page.goto("/mx");
    await expect(bannerOf(page, "mx")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(meta.map((r) => r.url())).toEqual([]);
  } finally {
    restore();
    await webhook(request, { _type: "privacyNotice", market: "mx" });
  }
  await expect.poll(newVersionServed, { timeout: 10_000 }).toBe(false);
});

test("revoking in cookie preferences deletes Meta's cookies", async ({ page, context }) => {
  const notice = seedNotice("ar");
  await context.addCookies([consentAnswer("ar", "granted", E2E_HOSTS.embedded)]);
  await interceptMeta(page);
  await page.goto("/ar");
  // What Meta's library keeps once it runs: the browser id and the ad click.
  await context.addCookies([
    { name: "_fbp", value: "fb.1.1763860000000.1234567890", url: E2E_HOSTS.embedded },
    { name: "_fbc", value: "fb.1.1763860000000.IwAR_e2e_ar", url: E2E_HOSTS.embedded },
  ]);
  await settingsOf(page, "ar").click();
  await bannerOf(page, "ar").getByRole("button", { name: notice.rejectLabel }).click();
  await expect(bannerOf(page, "ar")).toHaveCount(0);
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain("_fbp");
  expect(names).not.toContain("_fbc");
  expect(names).toContain(consentCookieName("ar"));
});

test("the reopened banner shows the choice in force; a first view marks none", async ({ page, context }) => {
  const notice = seedNotice("ar");
  await context.addCookies([consentAnswer("ar", "granted", E2E_HOSTS.embedded)]);
  await interceptMeta(page);
  await page.goto("/ar");
  await settingsOf(page, "ar").click();
  const banner = bannerOf(page, "ar");
  await expect(banner).toContainText(notice.bannerGrantedNow);
  await expect(banner.getByRole("button", { name: notice.acceptLabel })).toHaveAttribute("aria-pressed", "true");
  await expect(banner.getByRole("button", { name: notice.rejectLabel })).toHaveAttribute("aria-pressed", "false");
  await banner.getByRole("button", { name: notice.rejectLabel }).click();
  await expect(banner).toHaveCount(0);

  await settingsOf(page, "ar").click();
  await expect(banner).toContainText(notice.bannerDeniedNow);
  await expect(banner.getByRole("button", { name: notice.rejectLabel })).toHaveAttribute("aria-pressed", "true");
  await expect(banner.getByRole("button", { name: notice.acceptLabel })).toHaveAttribute("aria-pressed", "false");
  // First view (no answer yet) marks neither: nothing is chosen.
  await context.clearCookies();
  await page.reload();
  await expect(banner.getByRole("button", { name: notice.acceptLabel })).not.toHaveAttribute("aria-pressed");
  await expect(banner).not.toContainText(notice.bannerDeniedNow);
});

test("the banner links to the privacy notice it asks under, which opens over it and gives focus back", async ({
  page,
}) => {
  const notice = seedNotice("br");
  await interceptMeta(page);
  await page.goto("/br");
  const link = bannerOf(page, "br").getByRole("link", { name: notice.footerLinkLabel });
  await link.click();
  const dialog = page.getByRole("dialog", { name: notice.title });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();
  // Still unanswered: reading the notice is not an answer.
  await expect(bannerOf(page, "br")).toBeVisible();
});

test.describe("click ids after a refusal (server conversion)", () => {
  test.use({ baseURL: E2E_HOSTS.supabase });

  test("no URL that leaves for Meta, nor the conversion's event_source_url, carries the fbclid", async ({ page }) => {
    const notice = seedNotice("mx");
    await asNewClient(page);
    const meta = await interceptMeta(page);
    await page.goto("/mx?utm_source=facebook&utm_campaign=q1&fbclid=IwAR_refused_e2e");
    await bannerOf(page, "mx").getByRole("button", { name: notice.rejectLabel }).click();
    const company = `Refused ${randomUUID()}`;
    const posted = await sendLead(page, company);
    // Not even to this site: a refused click id is not kept with the lead.
    expect(JSON.stringify(posted)).not.toContain("IwAR_refused_e2e");

    type Call = {
      path: string;
      body: { eventSourceUrl?: string; fbc?: string; consent?: string; customData?: { company?: string } };
    };
    const conversion = async () =>
      ((await (await fetch(`${E2E_HOSTS.fakeSupabase}/__control/requests`)).json()) as Call[]).find(
        (r) => r.path === "/functions/v1/meta-conversion" && r.body?.customData?.company === company,
      );
    await expect.poll(conversion).toBeTruthy();
    const { body } = (await conversion())!;
    expect(body.consent).toBe("denied");
    expect(body.eventSourceUrl).toBe(`${E2E_HOSTS.supabase}/mx?utm_source=facebook&utm_campaign=q1`);
    expect(body.fbc).toBeUndefined();
    // Nothing at all left for Meta's hosts, so no URL, header or body there could carry it either.
    await page.waitForLoadState("networkidle");
    expect(meta.map((r) => r.url())).toEqual([]);
  });
});

for (const viewport of [
  { width: 390, height: 740 },
  { width: 360, height: 640 },
]) {
  test.describe(`on a ${viewport.width}×${viewport.height} phone with the banner open`, () => {
    test.use({ viewport, isMobile: true, hasTouch: true });

    test("tabbing to the submit button, the form's privacy link and the footer's keeps each fully above the banner", async ({
      page,
    }) => {
      const notice = seedNotice("mx");
      await interceptMeta(page);
      await page.goto("/mx");
      const shifts = await watchLayoutShifts(page);
      const banner = bannerOf(page, "mx");
      await expect(banner).toBeVisible();
      expect(await shifts()).toEqual([]);

      await fillLead(page, `Phone ${randomUUID()}`);
      const header = (await page.locator("header").boundingBox())!;
      const targets = [
        page.locator('#contact-form button[type="submit"]'),
        page.locator("#contact-form").getByRole("link", { name: notice.formLinkLabel }),
        page.locator("footer").getByRole("link", { name: notice.footerLinkLabel }),
      ];
      await page.locator('[name="volume"]').focus();
      for (const target of targets) {
        for (let presses = 0; !(await target.evaluate((el) => el === document.activeElement)); presses++) {
          expect(presses, "reached by Tab").toBeLessThan(60);
          await page.keyboard.press("Tab");
        }
        // Fully visible: below the sticky header, above the banner (scrolling may still be settling).
        await expect
          .poll(
            async () => {
              const [box, top] = [await target.boundingBox(), await banner.boundingBox()];
              return box!.y >= header.height && box!.y + box!.height <= top!.y;
            },
            { message: await target.evaluate((el) => el.outerHTML.slice(0, 80)) },
          )
          .toBe(true);
      }
    });
  });
}
