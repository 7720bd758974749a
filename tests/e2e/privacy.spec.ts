import AxeBuilder from "@axe-core/playwright";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { MARKETS, type Market } from "../../lib/markets/markets";
import { CONSENT_COOKIE } from "../../lib/consent/consent-cookie";
import { editDocument, readDataset } from "../support/dataset-file";
import { E2E_HOSTS } from "../support/e2e-hosts";
import { E2E_PIXEL_ID, interceptMeta, sentEvents } from "../support/fake-meta-pixel";
import { E2E_SECRETS } from "../support/e2e-secrets";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const seedNotice = (market: Market) => readDataset("studio/seed/landing.ndjson").find((d) => d._id === `privacyNotice.${market}`) as Record<string, any>;
const LANG: Record<Market, string> = { mx: "es-MX", br: "pt-BR", ar: "es-AR" };

/** A visitor who already answered the banner, so these checks are about the notice alone. */
async function answered(context: BrowserContext, choice: "granted" | "denied" = "denied") {
  await context.addCookies([{ name: CONSENT_COOKIE, value: choice, url: E2E_HOSTS.embedded }]);
}

const noticeOf = (page: Page) => page.locator("#privacy-notice");

for (const market of MARKETS) {
  const notice = seedNotice(market);

  test.describe(`/${market} privacy notice`, () => {
    test("opens from the form line by keyboard and goes back there, in the market's language and URL", async ({ page, context }) => {
      await answered(context);
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
      await expect(dialog.getByRole("link", { name: notice.privacyEmail })).toHaveAttribute("href", `mailto:${notice.privacyEmail}`);
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
      await answered(context);
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
      const shifts = await page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
            const seen: string[] = [];
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as Shift[]) {
                if (entry.hadRecentInput) continue;
                const nodes = entry.sources.map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName)));
                seen.push(`${entry.value.toFixed(5)} ${nodes.join(", ")}`);
              }
            }).observe({ type: "layout-shift", buffered: true });
            setTimeout(() => resolve(seen), 300);
          }),
      );
      expect(shifts).toEqual([]);
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      expect(meta).toEqual([]);
    });
  });
}

test("nothing reaches Meta before accept; after it the pixel loads, the held events go out, and the choice survives a reload", async ({ page, context }) => {
  const meta = await interceptMeta(page);
  await page.goto("/br");
  await page.waitForLoadState("networkidle");
  // The page's own InitiateCheckout has been called, and is held in the queue.
  await expect.poll(() => page.evaluate(() => (window as unknown as { fbq: { queue: unknown[][] } }).fbq.queue.some((c) => c[1] === "InitiateCheckout"))).toBe(true);
  expect(meta.map((r) => r.url())).toEqual([]);

  await page.getByRole("button", { name: "Aceitar" }).click();
  await expect(page.getByRole("region", { name: seedNotice("br").bannerLabel })).toHaveCount(0);
  await expect.poll(() => sentEvents(meta)).toEqual(["PageView", "InitiateCheckout"]);
  expect(meta[0]!.url()).toBe("https://connect.facebook.net/en_US/fbevents.js");
  expect(meta.filter((r) => r.url().includes("/tr")).every((r) => new URL(r.url()).searchParams.get("id") === E2E_PIXEL_ID)).toBe(true);

  const cookie = (await context.cookies()).find((c) => c.name === CONSENT_COOKIE);
  expect(cookie?.value).toBe("granted");
  const days = (cookie!.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(150);
  expect(days).toBeLessThan(200);

  meta.length = 0;
  await page.reload();
  await expect.poll(() => sentEvents(meta)).toEqual(["PageView", "InitiateCheckout"]);
  await expect(page.getByRole("region", { name: seedNotice("br").bannerLabel })).toHaveCount(0);
});

test("reject sends nothing, now or after a reload; the footer reopens the banner and focus comes back", async ({ page }) => {
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
  await expect.poll(() => sentEvents(meta)).toEqual(["PageView", "InitiateCheckout"]);
});

async function webhook(request: APIRequestContext, body: unknown) {
  const payload = JSON.stringify(body);
  const signature = await encodeSignatureHeader(payload, Date.now(), E2E_SECRETS.SANITY_REVALIDATE_SECRET);
  return request.post("/api/revalidate", { data: payload, headers: { "content-type": "application/json", [SIGNATURE_HEADER_NAME]: signature } });
}

test("a market set not to ask first loads the pixel at once and shows no banner", async ({ page, request }) => {
  const notice = seedNotice("mx");
  const restore = editDocument("privacyNotice.mx", (doc) => (doc.askConsent = false));
  const asks = async () => (await (await request.get("/mx")).text()).includes("'consent','revoke'");
  try {
    expect((await webhook(request, { _type: "privacyNotice", _id: "privacyNotice.mx", market: "mx" })).status()).toBe(200);
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
