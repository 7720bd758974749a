import { expect, test, type Page } from "@playwright/test";
import { readDataset, writeDataset, E2E_DATASET } from "../support/sanity/dataset-file";
import { E2E_HOSTS } from "../../scripts/lib/e2e-hosts";
import { readFileSync, writeFileSync } from "node:fs";
import { E2E_SECRETS } from "../../scripts/lib/e2e-secrets";

const DRAFT_TITLE = /^\[Borrador\]/;
const SECRET = E2E_SECRETS.DRAFT_MODE_SECRET;
const ZERO_WIDTH = /[\u200B-\u200D\uFEFF]/;

/** What the preview bar's Exit preview button sends, from the page's own origin, with its cookies. */
async function exitPreview(page: Page) {
  const response = await page.request.post("/api/draft-mode/disable", {
    maxRedirects: 0,
    headers: { origin: E2E_HOSTS.embedded },
    form: { redirect: "/mx" },
  });
  expect(response.status()).toBe(303);
}

test("drafts are invisible to visitors, shown after enabling draft mode, gone after disabling it", async ({ page }) => {
  await page.goto("/mx");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(DRAFT_TITLE);
  await expect(page.getByRole("complementary", { name: "Preview" })).toHaveCount(0);
  expect(await page.content()).not.toMatch(ZERO_WIDTH);

  await page.goto(`/api/draft-mode/enable?secret=${SECRET}&redirect=/mx`);
  await expect(page).toHaveURL(/\/mx$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(DRAFT_TITLE);
  const bar = page.getByRole("complementary", { name: "Preview" });
  await expect(bar).toBeVisible();

  await bar.getByRole("button", { name: "Exit preview" }).click();
  await expect(page).toHaveURL(/\/mx$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(DRAFT_TITLE);
  await expect(page.getByRole("complementary", { name: "Preview" })).toHaveCount(0);
});

test("an invalid or missing secret is refused and draft mode stays off", async ({ page, request }) => {
  expect((await request.get("/api/draft-mode/enable?secret=nope&redirect=/mx", { maxRedirects: 0 })).status()).toBe(
    401,
  );
  expect((await request.get("/api/draft-mode/enable?redirect=/mx", { maxRedirects: 0 })).status()).toBe(401);
  const response = await page.goto("/api/draft-mode/enable?secret=wrong");
  expect(response?.status()).toBe(401);
  await page.goto("/mx");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(DRAFT_TITLE);
});

test("draft mode never redirects off the site", async ({ request }) => {
  // `/<tab>/evil.example` is `//evil.example` to a browser, which drops tabs when it resolves a Location header.
  for (const target of ["//evil.example/x", "/%09/evil.example", "/%5Cevil.example", "https://evil.example/"]) {
    const enable = await request.get(`/api/draft-mode/enable?secret=${SECRET}&redirect=${target}`, { maxRedirects: 0 });
    const disable = await request.post("/api/draft-mode/disable", {
      maxRedirects: 0,
      headers: { origin: E2E_HOSTS.embedded },
      form: { redirect: decodeURIComponent(target) },
    });
    for (const response of [enable, disable])
      expect(new URL(response.headers()["location"] ?? "", E2E_HOSTS.embedded).href, target).toBe(
        `${E2E_HOSTS.embedded}/mx`,
      );
  }
});

test("a malformed document shows the error fallback, never half a page", async ({ page }) => {
  const original = readFileSync(E2E_DATASET, "utf8");
  const docs = readDataset();
  const published = docs.find((d) => d._id === "landingPage.br")!;
  const broken = structuredClone(published) as typeof published & { benefits: { cards: unknown[] } };
  broken._id = "drafts.landingPage.br";
  broken.benefits.cards = broken.benefits.cards.slice(0, 2);
  writeDataset([...docs, broken]);
  try {
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(`/api/draft-mode/enable?secret=${SECRET}&redirect=/br`);
    await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.locator("#contact-form")).toHaveCount(0);
    // The spec's title, then the market's own words from its published content, and a way back to its home.
    const words = published.errorPage as { message: string; homeLink: string };
    await expect(page.getByText(words.message)).toBeVisible();
    await expect(page.getByRole("link", { name: words.homeLink })).toHaveAttribute("href", "/br");
    await exitPreview(page);
    await page.goto("/br");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText((published.hero as { title: string }).title);
  } finally {
    writeFileSync(E2E_DATASET, original);
  }
});
