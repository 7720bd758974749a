import AxeBuilder from "@axe-core/playwright";
import { toPlainText, type PortableTextBlock } from "@portabletext/react";
import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { MARKETS, type Market } from "../../lib/markets/markets";
import { editDocument } from "../support/sanity/dataset-file";
import { watchLayoutShifts } from "../support/browser/layout-shifts";
import { E2E_HOSTS, SANITY_MODE } from "../../scripts/lib/e2e-hosts";
import { revalidateWebhook } from "../support/sanity/revalidate-webhook";
import { seedLanding } from "../support/sanity/seed";
import { fillContactForm } from "../support/contact/contact-form-fill";

// Seed documents are read as loose JSON: tests pick the copy they assert on.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

/** The regulator each market's page must name (the list). */
const REGULATOR: Record<Market, RegExp> = { mx: /CNBV/, br: /Banco Central do Brasil/, ar: /BCRA/ };

/** The estimate as each market's visitor reads it: USD 150,000 a month, and the default example (USD 20,000). */
const ESTIMATE: Record<Market, { typed: string; saving: string; defaultSaving: string; carriedAgain: string }> = {
  mx: { typed: "150,000", saving: "USD 1,190", defaultSaving: "USD 215", carriedAgain: "20,000" },
  br: { typed: "150.000", saving: "US$ 1.425", defaultSaving: "US$ 255", carriedAgain: "20.000" },
  ar: { typed: "150.000", saving: "US$ 1.131", defaultSaving: "US$ 221", carriedAgain: "20.000" },
};

/** The accessible name of every region of <main>, in page order. */
const mainRegions = (page: Page) =>
  page
    .locator("main > section")
    .evaluateAll((sections) =>
      sections.map(
        (s) => document.getElementById(s.getAttribute("aria-labelledby") ?? "")?.textContent?.trim() ?? s.id,
      ),
    );

const hero = (page: Page) => page.locator("section[aria-labelledby=hero-title]");
const heroCta = (page: Page, doc: Loose) => hero(page).getByRole("link", { name: doc.hero.cta, exact: true });
const normalSpaces = (s: string) => s.replace(/\s/g, " ");

async function jsonLd(page: Page): Promise<Loose[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]!)["@graph"];
}

for (const market of MARKETS) {
  test.describe(`/${market} sections`, () => {
    const doc = seedLanding(market);
    const section = (type: string) => doc.sections.find((s: Loose) => s._type === type);

    test("render in the content's order between the benefits and the form, which stays last in <main>", async ({
      page,
    }) => {
      await page.goto(`/${market}`);
      expect(await mainRegions(page)).toEqual([
        doc.hero.title,
        doc.benefits.title,
        ...doc.sections.map((s: Loose) => s.title),
        doc.contact.title,
      ]);
      await expect(page.locator("main > section").last()).toHaveAttribute("id", "contact-form");
    });

    test("each section shows its content: numbered steps, figures with their footnotes, testimonials, a second call to action", async ({
      page,
    }) => {
      await page.goto(`/${market}`);
      const how = section("howItWorksSection");
      const steps = page.getByRole("region", { name: how.title }).locator("ol > li");
      await expect(steps).toHaveCount(how.steps.length);
      for (const [i, step] of how.steps.entries()) {
        await expect(steps.nth(i).getByRole("heading", { level: 3 })).toHaveText(step.title);
        await expect(steps.nth(i)).toContainText(String(i + 1));
      }
      const proof = page.getByRole("region", { name: section("proofSection").title });
      for (const figure of section("proofSection").figures) {
        const item = proof.locator("li", { hasText: figure.label });
        await expect(item).toContainText(figure.value);
        await expect(item).toContainText(figure.note);
      }
      for (const t of section("proofSection").testimonials) {
        const quote = proof.locator("figure", { hasText: t.name });
        await expect(quote.locator("blockquote")).toContainText(t.quote);
        await expect(quote.locator("figcaption")).toContainText(`${t.role}, ${t.company}`);
      }
      const cta = section("callToActionSection");
      const band = page.getByRole("region", { name: cta.title });
      await expect(band).toContainText(cta.body);
      await band.getByRole("link", { name: cta.cta }).click();
      await expect(page.locator("#contact-form")).toBeInViewport();
    });

    test("the highlight and every card figure with a footnote carry its number, and the note says what it compares", async ({
      page,
    }) => {
      await page.goto(`/${market}`);
      const badge = hero(page).locator("p[aria-describedby]").first();
      await expect(badge).toHaveText(`${doc.hero.highlight}1`);
      await expect(page.locator(`#${await badge.getAttribute("aria-describedby")}`)).toHaveText(
        `1${doc.hero.highlightNote}`,
      );
      const noted = doc.benefits.cards.filter((card: Loose) => card.claimNote);
      for (const [i, card] of noted.entries()) {
        const claim = page.locator("#benefits-title ~ ul p[aria-describedby]", { hasText: card.claim });
        await expect(claim).toHaveText(`${card.claim}${i + 2}`);
        await expect(page.locator(`#${await claim.getAttribute("aria-describedby")}`)).toHaveText(
          `${i + 2}${card.claimNote}`,
        );
      }
      // The fee claim's footnote says it compares fees alone; the highlight's, the total cost.
      expect(noted.find((card: Loose) => card.claim.includes("70%")).claimNote).toMatch(
        /comisión por envío|tarifa por remessa/,
      );
      expect(doc.hero.highlightNote).toMatch(/costo total|custo total/);
    });

    test("name the legal entity, its tax id and each regulator, with a link to the public register", async ({
      page,
    }) => {
      await page.goto(`/${market}`);
      const regulation = section("regulationSection");
      const region = page.getByRole("region", { name: regulation.title });
      await expect(region).toContainText(doc.company.legalName);
      await expect(region).toContainText(doc.company.taxIdLabel);
      await expect(region).toContainText(doc.company.taxId);
      await expect(region).toContainText(REGULATOR[market]);
      for (const licence of regulation.licences) {
        await expect(region).toContainText(licence.regulator);
        await expect(region).toContainText(licence.number);
        await expect(region.getByRole("link", { name: licence.registerLabel })).toHaveAttribute(
          "href",
          licence.registerUrl,
        );
      }
      for (const point of ["funds", "compliance", "dataSecurity"])
        await expect(region.getByRole("heading", { name: regulation[point].title })).toBeVisible();
      // The footer carries the legal details on every market's page too.
      const footer = page.locator("footer");
      for (const text of [
        doc.company.legalName,
        doc.company.taxId,
        doc.company.address.streetAddress,
        doc.company.address.postalCode,
        doc.footer.disclosure,
      ]) {
        await expect(footer).toContainText(text);
      }
    });

    test("the FAQ opens as native disclosures and matches its FAQPage structured data", async ({ page }) => {
      await page.goto(`/${market}`);
      const faq = section("faqSection");
      const region = page.getByRole("region", { name: faq.title });
      const details = region.locator("details");
      await expect(details).toHaveCount(faq.items.length);
      const first = details.first();
      await expect(first).not.toHaveAttribute("open", "");
      await first.locator("summary").click();
      await expect(first).toHaveAttribute("open", "");
      await expect(first).toContainText(toPlainText(faq.items[0].answer as PortableTextBlock[]).split("\n")[0]!);
      // By keyboard too.
      await details.nth(1).locator("summary").focus();
      await page.keyboard.press("Enter");
      await expect(details.nth(1)).toHaveAttribute("open", "");

      const graph = await jsonLd(page);
      const faqPage = graph.find((node) => node["@type"] === "FAQPage");
      const shown = await details.evaluateAll((ds) =>
        ds.map((d) => ({
          question: d.querySelector("summary")!.textContent!.trim(),
          answer: [...d.querySelectorAll("p")].map((p) => p.textContent).join("\n\n"),
        })),
      );
      expect(faqPage.mainEntity.map((q: Loose) => ({ question: q.name, answer: q.acceptedAnswer.text }))).toEqual(
        shown,
      );
      expect(
        faqPage.mainEntity.every((q: Loose) => q["@type"] === "Question" && q.acceptedAnswer["@type"] === "Answer"),
      ).toBe(true);
    });

    test("the estimate follows the amount and the call to action carries it into the form's volume", async ({
      page,
    }) => {
      await page.goto(`/${market}`, { waitUntil: "networkidle" });
      const { estimate } = doc.hero;
      const amount = hero(page).getByLabel(estimate.amountLabel);
      const saving = hero(page).locator("output");
      await expect(saving).toContainText(ESTIMATE[market].defaultSaving);
      await amount.fill(ESTIMATE[market].typed);
      await expect(saving).toContainText(ESTIMATE[market].saving);

      // The rest of the form filled, the volume not: submit waits for it.
      const form = page.locator("#contact-form form");
      await fillContactForm(form, { company: "Acme Importaciones", phonePrefix: "52", phone: "55 1234 5678" }, [
        "volume",
      ]);
      const submit = form.locator('button[type="submit"]');
      await expect(submit).toBeDisabled();

      await page.evaluate(() => window.scrollTo(0, 0));
      await heroCta(page, doc).click();
      await expect(page.locator("#contact-form")).toBeInViewport();
      await expect(page.locator("#contact-volume")).toHaveValue("100000-plus");
      // The form saw the change and re-validated: the request can be sent.
      await expect(submit).toBeEnabled();

      await amount.fill(ESTIMATE[market].carriedAgain);
      await expect(saving).toContainText(ESTIMATE[market].defaultSaving);
      await heroCta(page, doc).click();
      await expect(page.locator("#contact-volume")).toHaveValue("10000-49999");
    });

    test("without JavaScript the estimate shows the default example, the FAQ still opens and the call to action still leads to the form", async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/${market}`);
      await expect(hero(page).locator("output")).toContainText(ESTIMATE[market].defaultSaving);
      await expect(hero(page).getByLabel(doc.hero.estimate.amountLabel)).toHaveValue(
        normalSpaces(ESTIMATE[market].carriedAgain),
      );
      const details = page
        .getByRole("region", { name: section("faqSection").title })
        .locator("details")
        .first();
      await details.locator("summary").click();
      await expect(details).toHaveAttribute("open", "");
      await expect(heroCta(page, doc)).toHaveAttribute("href", "#contact-form");
      await heroCta(page, doc).click();
      await expect(page).toHaveURL(/#contact-form$/);
      await context.close();
    });

    // The full browser: the headless shell loads lazy images from further away, these logos at once.
    test(
      "client logos reserve their size, load lazily from the site, and the page does not shift as they arrive",
      { tag: "@full-browser" },
      async ({ browser, request }) => {
        // A phone: the logos sit well below the first screen.
        const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
        await page.goto(`/${market}`);
        const proof = section("proofSection");
        const logos = page.getByRole("region", { name: proof.title }).locator("img");
        await expect(logos).toHaveCount(proof.logos.length);
        for (const [i, logo] of proof.logos.entries()) {
          const img = logos.nth(i);
          await expect(img).toHaveAttribute("alt", logo.alt);
          await expect(img).toHaveAttribute("loading", "lazy");
          await expect(img).toHaveAttribute("height", "40");
          const [, hash, w, h] = /^image-([0-9a-f]+)-(\d+)x(\d+)-svg$/.exec(logo.asset._ref)!;
          await expect(img).toHaveAttribute("width", String(Math.round((Number(w) / Number(h)) * 40)));
          const src = await img.getAttribute("src");
          expect(src).toBe(`/seed-images/${hash}-${w}x${h}.svg`);
          const response = await request.get(src!);
          expect(response.status()).toBe(200);
          expect(response.headers()["content-type"]).toBe("image/svg+xml");
        }
        // Below the fold: not loaded until the visitor scrolls near them.
        expect(await logos.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
          false,
        );

        const shifts = await watchLayoutShifts(page);
        await page.evaluate(async () => {
          // A jump straight to the logos (as a link to a later section makes): they load in view, where a box that
          // grows as its image arrives would push the testimonials under it. Then the rest of the page.
          document.querySelector("main img")!.closest("ul")!.scrollIntoView({ block: "start" });
          const decoded = () => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
          const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
          await decoded();
          await frame();
          for (let y = 0; y < document.body.scrollHeight; y += 300) {
            window.scrollTo(0, y);
            await frame();
          }
          // Whatever the scroll brought into view has loaded and been laid out.
          await decoded();
          await frame();
        });
        expect(await shifts()).toEqual([]);
        expect(await logos.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(
          true,
        );
        await page.close();
      },
    );

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      test(`the hero heading stays the largest contentful paint at ${viewport.width} px`, async ({ browser }) => {
        const page = await browser.newPage({ viewport });
        await page.goto(`/${market}`, { waitUntil: "networkidle" });
        const largest = await page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              new PerformanceObserver((list) => {
                const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
                resolve(last.element?.id || last.element?.outerHTML.slice(0, 80) || "(none)");
              }).observe({ type: "largest-contentful-paint", buffered: true });
            }),
        );
        expect(largest).toBe("hero-title");
        await page.close();
      });
    }

    test("has no axe violations with the FAQ open and the estimate edited", async ({ page }) => {
      await page.goto(`/${market}`, { waitUntil: "networkidle" });
      await hero(page).getByLabel(doc.hero.estimate.amountLabel).fill("7500");
      for (const summary of await page.locator("details summary").all()) await summary.click();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
        [],
      );
    });
  });
}

test("marketers reorder and remove sections: the page follows after publishing", async ({ page, request }) => {
  const doc = seedLanding("ar");
  const reversed = [...doc.sections].reverse();
  const restore = editDocument("landingPage.ar", (d: Loose) => {
    d.sections = reversed.filter((s: Loose) => s._type !== "faqSection");
  });
  try {
    expect(
      (await revalidateWebhook(request, { _type: "landingPage", _id: "landingPage.ar", market: "ar" })).status(),
    ).toBe(200);
    const expected = [
      doc.hero.title,
      doc.benefits.title,
      ...reversed.filter((s: Loose) => s._type !== "faqSection").map((s: Loose) => s.title),
      doc.contact.title,
    ];
    await expect
      .poll(async () => (await page.goto("/ar"), await mainRegions(page)), { timeout: 10_000 })
      .toEqual(expected);
    // The FAQ is gone, and so is its structured data.
    expect((await jsonLd(page)).map((node) => node["@type"])).toEqual(["FinancialService"]);
  } finally {
    restore();
    await revalidateWebhook(request, { _type: "landingPage", market: "ar" });
  }
  await expect
    .poll(async () => (await page.goto("/ar"), (await mainRegions(page)).length), { timeout: 10_000 })
    .toBe(doc.sections.length + 3);
});

test("with a Sanity project, logos come from Sanity's image CDN at the size shown, with zero CSP violations", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  const served: string[] = [];
  // Sanity's CDN, answered here with the seed's own file of that name.
  await page.route(/^https:\/\/cdn\.sanity\.io\//, (route) => {
    const url = new URL(route.request().url());
    served.push(url.pathname + url.search);
    const file = url.pathname.split("/").pop()!;
    return route.fulfill({
      status: 200,
      headers: { "content-type": "image/svg+xml" },
      body: readFileSync(`studio/seed/images/${file}`),
    });
  });
  const doc = seedLanding("mx");
  await page.goto(`${E2E_HOSTS.sanity}/mx`);
  const proof = doc.sections.find((s: Loose) => s._type === "proofSection");
  const logos = page.getByRole("region", { name: proof.title }).locator("img");
  await expect(logos).toHaveCount(proof.logos.length);
  const [, hash, w, h] = /^image-([0-9a-f]+)-(\d+)x(\d+)-svg$/.exec(proof.logos[0].asset._ref)!;
  const base = `https://cdn.sanity.io/images/${SANITY_MODE.projectId}/${SANITY_MODE.dataset}/${hash}-${w}x${h}.svg`;
  const width = Math.round((Number(w) / Number(h)) * 40);
  await expect(logos.first()).toHaveAttribute("src", `${base}?w=${width}&auto=format`);
  await expect(logos.first()).toHaveAttribute(
    "srcset",
    `${base}?w=${width}&auto=format 1x, ${base}?w=${width * 2}&auto=format 2x`,
  );
  await logos.first().scrollIntoViewIfNeeded();
  await expect.poll(() => logos.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(served.some((path) => path.includes(`${hash}-${w}x${h}.svg?w=`))).toBe(true);
  expect(violations).toEqual([]);
});
