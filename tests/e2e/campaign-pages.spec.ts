import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { EXPERIMENT_COOKIE } from "../../lib/experiments/experiment-cookie";
import { variantId } from "../../lib/experiments/experiment-keys";
import { MARKETS, type Market } from "../../lib/markets/markets";
import { asNewClient, fillContactForm } from "../support/contact/contact-form-fill";
import { editDocument, readDataset, writeDataset, E2E_DATASET } from "../support/sanity/dataset-file";
import { E2E_HOSTS, E2E_SITE_URLS } from "../../scripts/lib/e2e-hosts";
import { watchLayoutShifts } from "../support/browser/layout-shifts";
import { revalidateWebhook as webhook } from "../support/sanity/revalidate-webhook";

/** The seed's campaign page of each market: its address, hero title, call to action and starting amount. */
const SEED: Record<Market, { slug: string; title: string; cta: string; amount: string }> = {
  mx: {
    slug: "importadores-china",
    title: "Paga a tus proveedores en China sin vueltas",
    cta: "Cotiza tu próximo pago",
    amount: "50000",
  },
  br: {
    slug: "pagamento-fornecedores-exterior",
    title: "Pagamento a fornecedores no exterior, sem burocracia",
    cta: "Simule seu pagamento",
    amount: "30000",
  },
  ar: {
    slug: "importadores",
    title: "Pagá tus importaciones sin dar mil vueltas",
    cta: "Cotizá tu próximo pago",
    amount: "15000",
  },
};
// The seed runs an experiment on /mx/importadores-china's hero title, each new visitor's variant drawn at random
// (tests/e2e/experiments.spec.ts tests it): these tests are the published page's, so they are its control's visitor.
test.use({
  storageState: {
    cookies: [
      {
        name: EXPERIMENT_COOKIE,
        value: variantId("mx-china-titulo", "control"),
        domain: "127.0.0.1",
        path: "/",
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: "Lax",
      },
    ],
    origins: [],
  },
});

const SUBMIT: Record<Market, string> = { mx: "Enviar solicitud", br: "Enviar solicitação", ar: "Enviar solicitud" };

const heroTitle = async (request: APIRequestContext, path: string) => {
  const html = await (await request.get(path)).text();
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
};

for (const market of MARKETS) {
  const seed = SEED[market];
  test(`/${market}/${seed.slug}: the campaign's hero and estimate over the market's page, the form preselected`, async ({
    page,
  }) => {
    const response = await page.goto(`/${market}/${seed.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(seed.title);
    await expect(page.locator("main a", { hasText: seed.cta }).first()).toBeVisible();
    await expect(page.locator("#estimate-amount")).toHaveValue(new RegExp(seed.amount.replace(/0{3}$/, "[.,]?000")));
    await expect(page.locator("#contact-form")).toBeVisible();
    await expect(page.locator('[name="reason"]')).toHaveValue("goods");
    // Its own address in link previews; hreflang alternates only on the market pages.
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      "content",
      new RegExp(`/${market}/${seed.slug}$`),
    );
    expect(await page.locator('link[rel="alternate"][hreflang]').count()).toBe(0);
  });

  test(`/${market}/${seed.slug}: no axe-core violations, and nothing moves as it loads, hydrates and scrolls, on a phone and a desktop`, async ({
    page,
  }) => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`/${market}/${seed.slug}`, { waitUntil: "load" });
      const shifts = await watchLayoutShifts(page);
      // Hydrated: the form's selects hold their preset choice in React's state too.
      await expect(page.locator('[name="reason"]')).toHaveValue("goods");
      await page.evaluate(async () => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        for (let y = 0; y < document.body.scrollHeight; y += 300) {
          window.scrollTo(0, y);
          await frame();
        }
      });
      expect(await shifts(), `layout shifts at ${viewport.width} px`).toEqual([]);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
        [],
      );
    }
  });

  test(`/${market}: an unknown address below the market still shows the market's page`, async ({ request }) => {
    const market_ = await heroTitle(request, `/${market}`);
    expect(await heroTitle(request, `/${market}/no-such-campaign-${randomUUID().slice(0, 8)}`)).toBe(market_);
    expect(await heroTitle(request, `/${market}/${seed.slug}/deeper`)).toBe(market_);
    // A client cannot claim a path is a campaign page.
    const forged = await request.get(`/${market}/nothing-here`, { headers: { "x-page-route": "campaign" } });
    expect(forged.status()).toBe(200);
    // Nor open one with a draft-mode cookie Next never issued: the address shows the market's page.
    const cookie = await request.get(`/${market}/no-draft-${randomUUID().slice(0, 8)}`, {
      headers: { cookie: "__prerender_bypass=forged" },
    });
    expect(cookie.status()).toBe(200);
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(await cookie.text())?.[1]).toBe(market_);
  });
}

test("canonical: a campaign page not indexed points to its market, an indexed one to itself; the sitemap lists only it", async ({
  request,
}) => {
  const canonical = async (path: string) =>
    /<link rel="canonical" href="([^"]+)"/.exec(await (await request.get(path)).text())?.[1];
  expect(await canonical("/mx/importadores-china")).toBe(`${E2E_SITE_URLS.main}/mx`);
  expect(await canonical("/br/pagamento-fornecedores-exterior")).toBe(
    `${E2E_SITE_URLS.main}/br/pagamento-fornecedores-exterior`,
  );
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${E2E_SITE_URLS.main}/br/pagamento-fornecedores-exterior</loc>`);
  expect(sitemap).not.toContain("importadores");
});

test.describe("a lead from a campaign page", () => {
  test.use({ baseURL: E2E_HOSTS.supabase });
  for (const market of MARKETS) {
    test(`/${market}/${SEED[market].slug}: the stored lead names the page`, async ({ page }) => {
      await asNewClient(page);
      await page.goto(`/${market}/${SEED[market].slug}`);
      const company = `Campaign ${market} ${randomUUID()}`;
      await fillContactForm(page, { company });
      await page.getByRole("button", { name: SUBMIT[market] }).click();
      await expect(page.locator('[data-sonner-toast][data-type="success"]')).toBeVisible();
      const rows = (
        (await (await fetch(`${E2E_HOSTS.fakeSupabase}/__control/rows`)).json()) as Record<string, unknown>[]
      ).filter((r) => r.company === company);
      expect(rows).toEqual([expect.objectContaining({ market, page_slug: SEED[market].slug })]);
    });
  }
});

test("a campaign page published after the build appears on its address; unpublished, the market's page is back", async ({
  request,
}) => {
  const path = "/ar/pymes-exportadoras";
  const marketTitle = await heroTitle(request, "/ar");
  expect(await heroTitle(request, path)).toBe(marketTitle);
  const docs = readDataset();
  const source = docs.find((d) => d._id === "campaignPage.ar.importadores")!;
  const id = "campaignPage.ar.pymes-exportadoras";
  const published = {
    ...structuredClone(source),
    _id: id,
    slug: { _type: "slug", current: "pymes-exportadoras" },
    hero: { ...(source.hero as object), title: "Cobrá y pagá afuera sin vueltas" },
  };
  writeDataset([...docs, published]);
  try {
    expect((await webhook(request, { _type: "campaignPage", _id: id, market: "ar" })).status()).toBe(200);
    await expect.poll(() => heroTitle(request, path), { timeout: 10_000 }).toBe("Cobrá y pagá afuera sin vueltas");
    // An edit reaches it through its own tag.
    editDocument(id, (doc) => ((doc.hero as { title: string }).title = "Pagá afuera en el día"));
    expect((await webhook(request, { _type: "campaignPage", _id: id, market: "ar" })).status()).toBe(200);
    await expect.poll(() => heroTitle(request, path), { timeout: 10_000 }).toBe("Pagá afuera en el día");
  } finally {
    writeDataset(docs, E2E_DATASET);
    await webhook(request, { _type: "campaignPage", _id: id, market: "ar" });
  }
  await expect.poll(() => heroTitle(request, path), { timeout: 10_000 }).toBe(marketTitle);
});
