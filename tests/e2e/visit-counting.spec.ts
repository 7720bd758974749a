import { expect, test, type APIRequestContext, type Page, type Request } from "@playwright/test";
import { randomUUID } from "node:crypto";
import type { Results } from "../../lib/analytics/results";
import { MARKETS, type Market } from "../../lib/markets/markets";
import { marketDay } from "../../lib/markets/time-zones";
import { asNewClient, fillContactForm } from "../support/contact/contact-form-fill";
import { E2E_HOSTS } from "../../scripts/lib/e2e-hosts";
import { E2E_SECRETS } from "../../scripts/lib/e2e-secrets";
import { interceptMeta } from "../support/meta/fake-pixel";
import { CAMPAIGN_PAGES } from "../../scripts/lib/seed-campaign-pages";

/** A person's Chrome: the headless shell's own user agent says "HeadlessChrome", which the bot list drops. */
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
test.use({ userAgent: PERSON });

/** One slice's figures, read as a script reads them (GET /api/results with RESULTS_READ_TOKEN). */
async function slice(request: APIRequestContext, market: Market, page: string, campaign: string) {
  const day = marketDay(market);
  const response = await request.get(
    `${E2E_HOSTS.embedded}/api/results?from=${day}&to=${day}&market=${market}&by=page&by=campaign`,
    { headers: { authorization: `Bearer ${E2E_SECRETS.RESULTS_READ_TOKEN}` } },
  );
  expect(response.status()).toBe(200);
  const results = (await response.json()) as Results;
  const row = results.rows.find((r) => r.page === page && r.campaign === campaign);
  return {
    visits: row?.visits ?? 0,
    visitors: row?.visitors ?? 0,
    formStarts: row?.formStarts ?? 0,
    leads: row?.leads ?? 0,
  };
}

/**
 * The slice once the server has written what it counted (every second on the test servers, later on a busy machine):
 * read until it shows `expected`, which a wrong count never does.
 */
async function expectSlice(
  request: APIRequestContext,
  [market, page, campaign]: [Market, string, string],
  expected: Awaited<ReturnType<typeof slice>>,
) {
  await expect.poll(() => slice(request, market, page, campaign), { timeout: 15_000 }).toEqual(expected);
}

/** The slice after the server's next write of its counts, for a check that nothing was counted. */
async function settled(request: APIRequestContext, market: Market, page: string, campaign: string) {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return slice(request, market, page, campaign);
}

/** A beacon of `type` the page sends. */
const beaconOf = (type: string) => (r: Request) =>
  r.url().endsWith("/api/beacon") && (r.postData() ?? "").includes(`"type":"${type}"`);

/** A campaign name no other test uses, so its slice is this test's alone. */
const newCampaign = () => `e2e-${randomUUID().slice(0, 8)}`;
const campaignUrl = (path: string, campaign: string) =>
  `${path}?utm_source=e2e&utm_medium=test&utm_campaign=${campaign}`;

/** Opens a page as a visit from the test's campaign, from an address of its own. */
async function visit(page: Page, path: string, campaign: string) {
  await asNewClient(page);
  const beacon = page.waitForRequest(beaconOf("visit"));
  await page.goto(campaignUrl(path, campaign));
  await beacon;
}

for (const path of [...MARKETS.map((m) => `/${m}`), CAMPAIGN_PAGES[0]!]) {
  const market = path.split("/")[1] as Market;
  test(`${path}: a fetch counts nothing, a person's visit once, a reload is a visit but not a new visitor, a form start once per visit, the lead in the same slice`, async ({
    page,
    request,
  }) => {
    await interceptMeta(page);
    const campaign = newCampaign();
    // The page fetched without running it (curl): nothing is counted.
    const fetched = await request.get(`${E2E_HOSTS.embedded}${campaignUrl(path, campaign)}`, {
      headers: { "user-agent": "curl/8.5.0" },
    });
    expect(fetched.ok()).toBe(true);
    await visit(page, path, campaign);
    await expectSlice(request, [market, path, campaign], { visits: 1, visitors: 1, formStarts: 0, leads: 0 });
    // Typing in two fields is one form start.
    const started = page.waitForRequest(beaconOf("start"));
    await page.locator('[name="company"]').fill("Acme");
    await page.locator('[name="contact"]').fill("Ana");
    await started;
    const reload = page.waitForRequest(beaconOf("visit"));
    await page.reload();
    await reload;
    await expectSlice(request, [market, path, campaign], { visits: 2, visitors: 1, formStarts: 1, leads: 0 });
    // The reloaded page is a visit of its own, so filling it in is its form start; the lead joins the same slice.
    await fillContactForm(page, { company: `Counting ${randomUUID()}` });
    const sent = page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST");
    await page.locator('#contact-form button[type="submit"]').click();
    expect((await sent).status()).toBe(201);
    await expectSlice(request, [market, path, campaign], { visits: 2, visitors: 1, formStarts: 2, leads: 1 });
  });
}

test("a declared bot's visit counts nothing, though its browser runs the page", async ({ browser, request }) => {
  const campaign = newCampaign();
  const bot = await browser.newContext({
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    baseURL: E2E_HOSTS.embedded,
  });
  const page = await bot.newPage();
  await interceptMeta(page);
  const beacon = page.waitForRequest((r) => r.url().endsWith("/api/beacon"));
  await page.goto(campaignUrl("/br", campaign));
  // The bot's browser runs the page and sends the beacon; the server drops it.
  expect((await (await beacon).response())?.status()).toBe(204);
  await bot.close();
  expect(await settled(request, "br", "/br", campaign)).toEqual({ visits: 0, visitors: 0, formStarts: 0, leads: 0 });
});

test("counting sets no cookie and writes no storage", async ({ page, context }) => {
  await interceptMeta(page);
  await asNewClient(page);
  const beacon = page.waitForRequest(beaconOf("visit"));
  // A direct visit: the page keeps no campaign touch, so whatever storage holds now would be the counter's.
  await page.goto("/ar");
  const sent = await beacon;
  expect((await sent.response())?.status()).toBe(204);
  expect((await sent.response())?.headers()["set-cookie"]).toBeUndefined();
  await page.locator('[name="company"]').fill("Acme");
  await page.waitForLoadState("load");
  expect(await context.cookies()).toEqual([]);
  expect(
    await page.evaluate(() => ({
      local: localStorage.length,
      session: sessionStorage.length,
      cookie: document.cookie,
    })),
  ).toEqual({ local: 0, session: 0, cookie: "" });
  // Nothing left the origin for counting.
  expect(new URL(sent.url()).origin).toBe(E2E_HOSTS.embedded);
});
