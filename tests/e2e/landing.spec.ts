import { expect, test, type Page } from "@playwright/test";
import { MARKETS, type Market } from "../../lib/markets/markets";
import { seedLanding } from "../support/sanity/seed";
import { E2E_SITE_URLS } from "../../scripts/lib/e2e-hosts";
import { fillContactForm } from "../support/contact/contact-form-fill";

const LANG: Record<Market, string> = { mx: "es-MX", br: "pt-BR", ar: "es-AR" };
const NEXT: Record<Market, { path: string; country: RegExp }> = {
  mx: { path: "/br", country: /Brasil/i },
  br: { path: "/ar", country: /Argentina/i },
  ar: { path: "/mx", country: /México/i },
};
// The equivalents of docs/requirements.md#the-lead, written as each market reads them: pesos by their code (a bare "$"
// beside "US$" is ambiguous).
const EQUIVALENTS: Record<Market, [string, string]> = {
  mx: ["MXN 85,000", "MXN 1,700,000"],
  br: ["R$ 25 mil", "R$ 500 mil"],
  ar: ["ARS 4.200.000", "ARS 84.000.000"],
};
const SUBMIT: Record<Market, string> = { mx: "Enviar solicitud", br: "Enviar solicitação", ar: "Enviar solicitud" };
const PREFIX: Record<Market, string> = { mx: "52", br: "55", ar: "52" };

const fillValidForm = (page: Page) =>
  fillContactForm(page, { company: "Acme Importaciones", phonePrefix: "52", phone: "55 1234 5678" });

test("/ redirects to /mx on the server, leaving no history entry for /", async ({ request, page }) => {
  const response = await request.get("/", { maxRedirects: 0 });
  expect([307, 308]).toContain(response.status());
  expect(response.headers()["location"]).toMatch(/\/mx$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/mx$/);
});

for (const market of MARKETS) {
  test.describe(`/${market}`, () => {
    const doc = seedLanding(market);

    test("renders the market's copy in its language, in the specified layout", async ({ page }) => {
      const response = await page.goto(`/${market}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", LANG[market]);
      await expect(page).toHaveTitle(doc.seo.title);

      // header, main with one section per block (hero first), footer — in that order.
      const order = await page.evaluate(() =>
        [...document.body.querySelectorAll(":scope > header, :scope > main, :scope > footer")].map((e) => e.tagName),
      );
      expect(order).toEqual(["HEADER", "MAIN", "FOOTER"]);
      // Hero, benefits, the sections marketers arranged, and the form last.
      const sections = page.locator("main > section");
      await expect(sections).toHaveCount(doc.sections.length + 3);
      await expect(sections.first().getByRole("heading", { level: 1 })).toHaveText(doc.hero.title);
      await expect(sections.first()).toContainText(doc.hero.highlight);
      await expect(page.locator("main > section").nth(1).locator("li")).toHaveCount(3);
      await expect(page.locator("main > section").last()).toHaveAttribute("id", "contact-form");

      await expect(page.locator("header")).toContainText(doc.brandName);
      await expect(page.locator("footer")).toContainText(doc.footer.tagline);
      await expect(page.locator("footer")).toContainText("© 2025");
    });

    test("the flag cycles to the next market and names it", async ({ page }) => {
      await page.goto(`/${market}`);
      const flag = page.getByTestId("flag-link");
      await expect(flag).toHaveAttribute("href", NEXT[market].path);
      await expect(flag).toHaveAccessibleName(NEXT[market].country);
      await flag.click();
      await expect(page).toHaveURL(new RegExp(`${NEXT[market].path}$`));
      await expect(page.locator("html")).toHaveAttribute("lang", LANG[NEXT[market].path.slice(1) as Market]);
    });

    test("the contact button and the hero call-to-action scroll to the form, smoothly unless the visitor asks for less motion", async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: "no-preference" });
      await page.goto(`/${market}`);
      const hero = page.locator("section[aria-labelledby=hero-title]");
      for (const link of [
        page.locator("header").getByRole("link", { name: doc.header.contactButton }),
        hero.getByRole("link", { name: doc.hero.cta }),
      ]) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(link).toHaveAttribute("href", "#contact-form");
        await link.click();
        await expect(page.locator("#contact-form")).toBeInViewport();
      }
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("smooth");
      await page.emulateMedia({ reducedMotion: "reduce" });
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
    });

    test("the form is built from content, with labels, defaults and local equivalents", async ({ page }) => {
      await page.goto(`/${market}`);
      const form = page.locator("#contact-form form");
      for (const [name, type] of [
        ["company", "text"],
        ["contact", "text"],
        ["email", "email"],
        ["phone", "tel"],
      ] as const) {
        const input = form.locator(`input[name="${name}"]`);
        await expect(input).toHaveAttribute("type", type);
        await expect(input).toHaveAttribute("required", "");
        await expect(form.getByLabel(doc.contact.fields[name].label, { exact: true })).toHaveAttribute("name", name);
      }
      for (const name of ["country", "reason", "volume"]) {
        await expect(form.locator(`select[name="${name}"]`)).toHaveAttribute("required", "");
        await expect(form.getByLabel(doc.contact.fields[name].label, { exact: true })).toHaveAttribute("name", name);
      }
      const prefix = form.locator('select[name="phonePrefix"]');
      await expect(prefix).not.toHaveAttribute("required", "");
      await expect(prefix).toHaveValue(PREFIX[market]);
      expect(await prefix.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(
        ["52", "1", "54", "55", "57"],
      );
      expect(
        await form
          .locator('select[name="country"] option:not([value=""])')
          .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
      ).toEqual(["usa", "argentina", "brazil", "colombia", "other"]);
      expect(
        await form
          .locator('select[name="reason"] option:not([value=""])')
          .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
      ).toEqual(["goods", "services", "contractors", "invoice", "other"]);

      const volume = await form
        .locator('select[name="volume"] option:not([value=""])')
        .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })));
      expect(volume.map((o) => o.value)).toEqual(["0-4999", "5000-9999", "10000-49999", "50000-99999", "100000-plus"]);
      const plain = (s: string) => s.replace(/\s/g, " ");
      expect(plain(volume[0]!.text)).toContain(`≈ ${EQUIVALENTS[market][0]})`);
      expect(plain(volume[4]!.text)).toContain(`≈ ${EQUIVALENTS[market][1]}`);
      // range2–4 carry no local equivalent: exactly the content's USD label.
      const labels = (doc.contact.volumeOptions as { label: string }[]).map((o) => o.label);
      expect(volume.slice(1, 4).map((o) => o.text)).toEqual(labels.slice(1, 4));

      await expect(form.getByRole("button", { name: SUBMIT[market] })).toBeVisible();
    });

    test("submit is enabled exactly when the whole form is valid", async ({ page }) => {
      await page.goto(`/${market}`);
      const submit = page.getByRole("button", { name: SUBMIT[market] });
      await expect(submit).toBeDisabled();
      await fillValidForm(page);
      await expect(submit).toBeEnabled();
      await page.locator('[name="email"]').fill("not-an-email");
      await expect(submit).toBeDisabled();
      await page.locator('[name="email"]').fill("ana@example.com");
      await expect(submit).toBeEnabled();
      await page.locator('[name="company"]').fill("");
      await expect(submit).toBeDisabled();
    });

    test("serves SEO metadata: canonical, hreflang alternates and Open Graph", async ({ page }) => {
      await page.goto(`/${market}/anything/else`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${E2E_SITE_URLS.main}/${market}`);
      for (const [lang, m] of [
        ["es-MX", "mx"],
        ["pt-BR", "br"],
        ["es-AR", "ar"],
        ["x-default", "mx"],
      ]) {
        await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute(
          "href",
          `${E2E_SITE_URLS.main}/${m}`,
        );
      }
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", doc.seo.description);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", doc.seo.title);
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute(
        "content",
        LANG[market].replace("-", "_"),
      );
    });
  });
}

test("any path below a market prefix shows that market's page", async ({ page }) => {
  const response = await page.goto("/br/anything/else");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(seedLanding("br").hero.title);
});

test("an unknown path is a 404 with a way home, logged to the console", async ({ page }) => {
  const warnings: string[] = [];
  page.on("console", (m) => warnings.push(m.text()));
  const response = await page.goto("/de/preise");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  const home = page.getByRole("link", { name: "Return to Home" });
  await expect(home).toHaveAttribute("href", "/");
  await expect.poll(() => warnings.some((w) => w.includes("/de/preise"))).toBe(true);
  await home.click();
  await expect(page).toHaveURL(/\/mx$/);
});

test("sitemap.xml and robots.txt describe the three markets", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const m of MARKETS) expect(sitemap).toContain(`${E2E_SITE_URLS.main}/${m}`);
  expect(sitemap).toContain('hreflang="pt-BR"');
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${E2E_SITE_URLS.main}/sitemap.xml`);
  expect(robots).toContain("Disallow: /studio");
});

test("InitiateCheckout fires once on load when a pixel is present", async ({ page }) => {
  await page.addInitScript(() => {
    const calls: unknown[][] = [];
    (window as unknown as { __fbqCalls: unknown[][] }).__fbqCalls = calls;
    (window as unknown as { fbq: (...a: unknown[]) => void }).fbq = (...args) => calls.push(args);
  });
  await page.goto("/mx");
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __fbqCalls: unknown[][] }).__fbqCalls))
    .toEqual([["track", "InitiateCheckout"]]);
});

test("a failing pixel is logged and the page keeps working", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.addInitScript(() => {
    (window as unknown as { fbq: () => void }).fbq = () => {
      throw new Error("pixel blocked");
    };
  });
  await page.goto("/ar");
  await expect.poll(() => errors.some((e) => e.includes("InitiateCheckout"))).toBe(true);
  await fillValidForm(page);
  await expect(page.getByRole("button", { name: "Enviar solicitud" })).toBeEnabled();
});
