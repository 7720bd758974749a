import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { E2E_DATASET, editDocument, readDataset } from "../support/sanity/dataset-file";
import { startFakeSanityApi } from "../support/sanity/fake-content-lake-api";
import { revalidateWebhook as webhook } from "../support/sanity/revalidate-webhook";
import { openStudio, PERSON } from "../support/sanity/studio-browser";
import { E2E_HOSTS } from "../../scripts/lib/e2e-hosts";

// The seed's running experiment: the hero title of /mx/importadores-china, its control and one variant.
const PAGE = "/mx/importadores-china";
const EXPERIMENT = "mx-china-titulo";
const EXPERIMENT_ID = "experiment.mx-importadores-china-titulo";
const PAGE_ID = "campaignPage.mx.importadores-china";
const TITLES = {
  control: "Paga a tus proveedores en China sin vueltas",
  ahorro: "Ahorra en cada pago a tus proveedores en China",
};
// A person's browser: the bot list counts the headless shell's own user agent as a crawler, which gets the control.
test.use({ userAgent: PERSON });

const heroTitle = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();
const experimentCookie = async (context: BrowserContext) =>
  (await context.cookies(E2E_HOSTS.embedded)).find((c) => c.name === "experiments");

test("a visitor sees the same hero title on every reload and the next day, from a cookie naming only the variant", async ({
  browser,
}) => {
  // Visitors until both variants have been met (each one's first request is assigned at random, so how many is too).
  test.setTimeout(60_000);
  const met = new Set<string>();
  for (let visitor = 0; visitor < 20 && met.size < 2; visitor++) {
    const context = await browser.newContext({ userAgent: PERSON });
    const page = await context.newPage();
    await page.goto(PAGE);
    const title = await heroTitle(page);
    const cookie = await experimentCookie(context);
    const variant = Object.entries(TITLES).find(([, t]) => t === title)?.[0];
    expect(variant, `visitor ${visitor}'s title`).toBeDefined();
    // The cookie names the experiment and the variant shown, nothing else: every visitor shown it carries the same.
    expect(cookie).toMatchObject({ value: `${EXPERIMENT}--${variant}`, httpOnly: true, sameSite: "Lax", path: "/" });
    expect(await page.evaluate(() => document.cookie)).not.toContain("experiments");
    for (let reload = 0; reload < 2; reload++) {
      await page.reload();
      expect(await heroTitle(page), `visitor ${visitor}, reload ${reload}`).toBe(title);
    }
    // The next day: the browser was closed, and only what outlives a session is kept.
    expect(cookie!.expires * 1000).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    const state = await context.storageState();
    await context.close();
    const nextDay = await browser.newContext({
      userAgent: PERSON,
      storageState: { ...state, cookies: state.cookies.filter((c) => c.expires * 1000 > Date.now() + 86_400_000) },
    });
    const again = await nextDay.newPage();
    await again.goto(PAGE);
    expect(await heroTitle(again), `visitor ${visitor}, the next day`).toBe(title);
    await again.goto("/mx");
    await again.goto(PAGE);
    expect(await heroTitle(again), `visitor ${visitor}, after another page`).toBe(title);
    await nextDay.close();
    met.add(variant!);
  }
  expect([...met].sort()).toEqual(Object.keys(TITLES).sort());
});

test("stopping the experiment in the dataset returns a visitor of the variant, and everyone new, to the published page", async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(60_000);
  await context.addCookies([{ name: "experiments", value: `${EXPERIMENT}--ahorro`, url: E2E_HOSTS.embedded }]);
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLES.ahorro);
  const restore = editDocument(EXPERIMENT_ID, (doc) => (doc.stoppedAt = new Date().toISOString()), E2E_DATASET);
  try {
    expect((await webhook(request, { _type: "experiment", _id: EXPERIMENT_ID })).status()).toBe(200);
    await expect.poll(async () => (await page.reload(), heroTitle(page)), { timeout: 30_000 }).toBe(TITLES.control);
    // The cookie of a stopped experiment is cleared, and a new visitor is not assigned.
    expect(await experimentCookie(context)).toBeUndefined();
    const newcomer = await browser.newContext({ userAgent: PERSON });
    const fresh = await newcomer.newPage();
    await fresh.goto(PAGE);
    await expect(fresh.getByRole("heading", { level: 1 })).toHaveText(TITLES.control);
    expect(await experimentCookie(newcomer)).toBeUndefined();
    await newcomer.close();
  } finally {
    restore();
    await webhook(request, { _type: "experiment", _id: EXPERIMENT_ID });
  }
  // Running again, the variant's visitor is back on it (the other tests of this worker meet the seed as it is).
  await context.addCookies([{ name: "experiments", value: `${EXPERIMENT}--ahorro`, url: E2E_HOSTS.embedded }]);
  await expect.poll(async () => (await page.reload(), heroTitle(page)), { timeout: 30_000 }).toBe(TITLES.ahorro);
});

test("signed in, the Studio's Results tool shows the seed experiment's table, variant against control, and ships the variant as a draft of the page", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The Studio writes through Sanity's API: here a Content Lake stand-in holding a copy of the seed.
  const dataset = test.info().outputPath("lake.ndjson");
  mkdirSync(dirname(dataset), { recursive: true });
  copyFileSync("studio/seed/landing.ndjson", dataset);
  const lake = await startFakeSanityApi(dataset, 0, { mutations: true });
  try {
    await readAndShip(page, lake.url, dataset);
  } finally {
    await lake.close();
  }
});

async function readAndShip(page: Page, contentLake: string, dataset: string) {
  const { violations, stray } = await openStudio(page, true, { contentLake });
  await page.goto(`${E2E_HOSTS.sanity}/studio/results`);
  const view = page.getByTestId("experiment-results");
  await expect(view.getByRole("heading", { name: "Experiments", level: 2 })).toBeVisible({ timeout: 60_000 });
  const card = view.locator("[data-ui=Card]").filter({
    has: page.getByRole("heading", { name: "Título con ahorro en /mx/importadores-china", level: 3 }),
  });
  await expect(card.getByText("Running", { exact: true })).toBeVisible();
  await expect(card.getByText("Example: delete before launch")).toBeVisible();
  for (const header of [
    "Variant",
    "Share",
    "Visitors",
    "Leads",
    "Conversion",
    "Against control",
    "Chance to beat control",
  ])
    await expect(card.getByRole("columnheader", { name: header })).toBeVisible();
  const rows = card.getByRole("row");
  // The header and one row per variant, the control first, each with its share of the split.
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole("rowheader")).toContainText("(control)");
  await expect(rows.nth(1).getByRole("cell").first()).toHaveText("50%");
  await expect(rows.nth(2).getByRole("cell").first()).toHaveText("50%");

  // On a phone the table is wider than the pane: it is a region named after the experiment that the keyboard can
  // scroll to its last column.
  await page.setViewportSize({ width: 390, height: 844 });
  const table = card.getByRole("region", { name: "Título con ahorro en /mx/importadores-china" });
  const lastColumn = card.getByRole("columnheader", { name: "Chance to beat control" });
  await expect(lastColumn).not.toBeInViewport({ ratio: 1 });
  await table.focus();
  await expect(async () => {
    await page.keyboard.press("ArrowRight");
    await expect(lastColumn).toBeInViewport({ ratio: 1, timeout: 200 });
  }).toPass({ timeout: 10_000 });

  // Shipping the variant: the page gets a draft with the variant's title, the published page stays, the experiment
  // stops naming the variant; the marketer is offered the page to publish.
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole("button", { name: "Ship a variant…" }).click();
  const dialog = page.getByRole("dialog", { name: "Ship the winner" });
  await dialog.getByRole("button", { name: "Ship “Ahorro en el título”" }).click();
  await expect(dialog.getByRole("status")).toHaveText(
    "Draft of the page created and experiment stopped: open the page to publish it.",
  );
  await expect(dialog.getByRole("link", { name: "Open the page" })).toHaveAttribute("href", new RegExp(`${PAGE_ID}`));
  await dialog.getByRole("button", { name: "Close dialog" }).click();
  await expect(card.getByRole("button", { name: "Ship a variant…" })).toHaveCount(0);
  const docs = new Map(readDataset(dataset).map((doc) => [doc._id, doc]));
  expect(docs.get(`drafts.${PAGE_ID}`)).toMatchObject({ _type: "campaignPage", hero: { title: TITLES.ahorro } });
  expect(docs.get(PAGE_ID)).toMatchObject({ hero: { title: TITLES.control } });
  expect(docs.get(EXPERIMENT_ID)).toMatchObject({ shipped: "ahorro", stoppedAt: expect.any(String) });
  expect(stray).toEqual([]);
  expect(violations).toEqual([]);
}
