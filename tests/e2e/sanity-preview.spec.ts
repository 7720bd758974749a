import { expect, test } from "@playwright/test";
import { readDataset, writeDataset } from "../support/dataset-file";
import { E2E_HOSTS, SANITY_MODE } from "../support/e2e-hosts";

const STEGA = /[\u200B-\u200D\uFEFF]/;

test("a Sanity draft preview marks the copy for visual editing, never the <head> or the structured data", async ({
  page,
}) => {
  // What the Presentation tool stores before it opens the preview: a one-time secret the site checks with the Content Lake.
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
