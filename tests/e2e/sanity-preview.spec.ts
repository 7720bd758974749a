import { expect, test } from "@playwright/test";
import { readDataset, writeDataset } from "../support/sanity/dataset-file";
import { E2E_HOSTS, SANITY_MODE } from "../../scripts/lib/e2e-hosts";

const STEGA = /[\u200B-\u200D\uFEFF]/;
/** The text as the page shows it in a preview: the invisible visual-editing markers around it allowed. */
const STEGA_OR = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[\u200B-\u200D\uFEFF]*$`);

test("a Sanity draft preview marks the copy for visual editing, never the <head> or the structured data", async ({
  page,
}) => {
  // What the Presentation tool stores before it opens the preview: a one-time secret the site checks with the Content
  // Lake.
  const docs = readDataset(SANITY_MODE.datasetFile);
  const secret = {
    _id: "sanity-preview-url-secret.e2e",
    _type: "sanity.previewUrlSecret",
    _updatedAt: new Date().toISOString(),
    secret: "e2e-presentation-secret",
    studioUrl: "/studio",
  };
  writeDataset([...docs.filter((d) => d._id !== secret._id), secret], SANITY_MODE.datasetFile);
  try {
    await page.goto(
      `${E2E_HOSTS.sanity}/api/draft-mode/enable?sanity-preview-secret=${secret.secret}&sanity-preview-pathname=/mx`,
    );
    await expect(page).toHaveURL(/\/mx$/);
    await expect(page.getByRole("complementary", { name: "Preview" })).toBeVisible();
    // The draft fixture's headline, carrying the invisible markers the overlays read...
    const title = await page.getByRole("heading", { level: 1 }).textContent();
    expect(title).toMatch(/\[Borrador\]/);
    expect(title).toMatch(STEGA);
    // The overlays reach every section marketers arrange: each heading, and the copy inside them.
    const headings = await page.locator("main > section h2").allTextContents();
    expect(headings.length).toBeGreaterThan(5);
    for (const heading of headings) expect(heading).toMatch(STEGA);
    for (const text of await page.locator("main details summary, main figure blockquote, main ol h3").allTextContents())
      expect(text).toMatch(STEGA);
    // ...which stay out of everything read by browsers' tabs, search engines and link previews.
    const head = await page.evaluate(() => document.head.outerHTML);
    expect(await page.title()).not.toBe("");
    expect(head).not.toMatch(STEGA);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd).toHaveLength(1);
    expect(jsonLd[0]).not.toMatch(STEGA);
  } finally {
    writeDataset(docs, SANITY_MODE.datasetFile);
  }
});

test("a preview opened from the Studio with a release chosen shows the page as the release will publish it", async ({
  page,
}) => {
  const docs = readDataset(SANITY_MODE.datasetFile);
  const published = docs.find((d) => d._id === "landingPage.br")!;
  const secret = {
    _id: "sanity-preview-url-secret.e2e-release",
    _type: "sanity.previewUrlSecret",
    _updatedAt: new Date().toISOString(),
    secret: "e2e-release-secret",
    studioUrl: "/studio",
  };
  const title = "Novas tarifas a partir de 1º de julho";
  const version = {
    ...published,
    _id: "versions.rTarifas.landingPage.br",
    hero: { ...(published.hero as Record<string, unknown>), title },
  };
  writeDataset([...docs, secret, version], SANITY_MODE.datasetFile);
  try {
    // What the Presentation tool opens when the marketer picks the release in the Studio's perspective menu.
    await page.goto(
      `${E2E_HOSTS.sanity}/api/draft-mode/enable?sanity-preview-secret=${secret.secret}&sanity-preview-pathname=/br&sanity-preview-perspective=rTarifas,drafts`,
    );
    // next-sanity's enable route carries the chosen perspective on to the page's address, as well as in its cookie.
    await expect(page).toHaveURL(/\/br\?sanity-preview-perspective=rTarifas%2Cdrafts$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(STEGA_OR(title));
    // Visitors still see the published page.
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(`${E2E_HOSTS.sanity}/br`);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText((published.hero as { title: string }).title);
    await visitor.close();
  } finally {
    writeDataset(docs, SANITY_MODE.datasetFile);
  }
});
