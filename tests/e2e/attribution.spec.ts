import { expect, test, type Page } from "@playwright/test";
import fc from "fast-check";
import { randomUUID } from "node:crypto";
import {
  CLICK_ID_PARAMS,
  cleanClickId,
  cleanText,
  TRACKING_LIMITS,
  UTM_PARAMS,
} from "../../lib/attribution/campaign-touch";
import { readDataset } from "../support/sanity/dataset-file";
import { E2E_HOSTS } from "../../scripts/lib/e2e-hosts";
import { interceptMeta } from "../support/meta/fake-pixel";
import { asNewClient, fillContactForm } from "../support/contact/contact-form-fill";

// The Supabase-mode server: its leads land in the stand-in's PostgreSQL (the real migrations), which the test reads.
const SITE = E2E_HOSTS.supabase;
const FAKE = E2E_HOSTS.fakeSupabase;
test.use({ baseURL: SITE });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = Record<string, any>;
const notice = readDataset("studio/seed/landing.ndjson").find((d) => d._id === "privacyNotice.mx") as Doc;

type Row = Record<string, string | null>;
const rowOf = async (company: string): Promise<Row[]> =>
  ((await (await fetch(`${FAKE}/__control/rows`)).json()) as Row[]).filter((r) => r.company === company);
const kept = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem("puente_attribution") ?? "{}") as Record<
        string,
        Record<string, string> | undefined
      >,
  );

/** Fills the form and sends it; resolves with the route's status. */
async function sendLead(page: Page, company: string): Promise<number> {
  await fillContactForm(page, { company, phonePrefix: "52", phone: "55 1234 5678", volume: "5000-9999" });
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  return (await answered).status();
}

test("two campaign visits, then a direct and an organic one: the lead's row holds the first and the latest campaign", async ({
  page,
}) => {
  await asNewClient(page);
  await page.goto("/mx?utm_source=newsletter&utm_medium=email&utm_campaign=a&gclid=Cj0first&mc_eid=8a1f", {
    referer: "https://mail.example/inbox?id=7",
  });
  await expect.poll(() => kept(page)).toMatchObject({ last: { utm_campaign: "a" } });
  await page.goto("/br?utm_source=google&utm_medium=cpc&utm_campaign=b&utm_term=pagos+usa", {
    referer: "https://www.google.com/",
  });
  await expect.poll(() => kept(page)).toMatchObject({ first: { utm_campaign: "a" }, last: { utm_campaign: "b" } });
  // Neither a result of an organic search nor a typed address is a campaign: the last touch stays "b".
  await page.goto("/mx", { referer: "https://www.bing.com/" });
  await page.goto("/mx");
  const company = `Attribution ${randomUUID()}`;
  expect(await sendLead(page, company)).toBe(201);

  const rows = await rowOf(company);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    first_utm_source: "newsletter",
    first_utm_medium: "email",
    first_utm_campaign: "a",
    // Only the campaign parameters of the landing page are kept: not the mailing tool's subscriber id.
    first_landing_url: `${SITE}/mx?utm_source=newsletter&utm_medium=email&utm_campaign=a`,
    first_referrer: "https://mail.example/inbox",
    // The visitor never accepted measurement, and Mexico asks first: no click id is kept.
    first_gclid: null,
    last_utm_source: "google",
    last_utm_medium: "cpc",
    last_utm_campaign: "b",
    last_utm_term: "pagos usa",
    last_landing_url: `${SITE}/br?utm_source=google&utm_medium=cpc&utm_campaign=b&utm_term=pagos+usa`,
    last_referrer: "https://www.google.com/",
  });
  expect(Date.parse(rows[0]!.first_touch_at!)).toBeLessThan(Date.parse(rows[0]!.last_touch_at!));
});

test("a newsletter visit that leaves right after the load event, on a slow phone's CPU, stays the first touch when a Google ad brings the visitor back", async ({
  page,
}) => {
  await asNewClient(page);
  // A mid-range phone: hydration, and anything that waits for it, comes seconds after the page has loaded.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  const google = "/br?utm_source=google&utm_medium=cpc&utm_campaign=g";
  // The newsletter page is left the moment its load event fires: nothing of the page's own runs after that.
  await page.addInitScript((next) => {
    if (new URLSearchParams(location.search).get("utm_source") === "newsletter")
      addEventListener("load", () => location.replace(next), { once: true });
  }, google);
  await page.goto("/mx?utm_source=newsletter&utm_medium=email&utm_campaign=n", {
    referer: "https://mail.example/",
    waitUntil: "commit",
  });
  await page.waitForURL(`**${google}`);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await expect.poll(() => kept(page)).toMatchObject({ last: { utm_campaign: "g" } });
  expect(await kept(page)).toMatchObject({ first: { utm_source: "newsletter", utm_campaign: "n" } });

  // The visitor comes back later by typing the address, and writes.
  await page.goto("/mx");
  const company = `Attribution short visit ${randomUUID()}`;
  expect(await sendLead(page, company)).toBe(201);
  expect(await rowOf(company)).toEqual([
    expect.objectContaining({
      first_utm_source: "newsletter",
      first_utm_campaign: "n",
      first_landing_url: `${SITE}/mx?utm_source=newsletter&utm_medium=email&utm_campaign=n`,
      first_referrer: "https://mail.example/",
      last_utm_source: "google",
      last_utm_campaign: "g",
    }),
  ]);
});

test("accepting measurement on the landing page keeps that visit's click id with the lead", async ({ page }) => {
  await interceptMeta(page);
  await asNewClient(page);
  await page.goto("/mx?utm_source=meta&utm_campaign=c&fbclid=IwAR-c_1.x~");
  await expect.poll(() => kept(page)).toMatchObject({ last: { utm_campaign: "c" } });
  expect((await kept(page)).last).not.toHaveProperty("fbclid");
  await page.getByRole("button", { name: notice.acceptLabel }).click();
  await expect.poll(() => kept(page)).toMatchObject({ last: { fbclid: "IwAR-c_1.x~" } });
  const company = `Attribution consent ${randomUUID()}`;
  expect(await sendLead(page, company)).toBe(201);
  expect(await rowOf(company)).toEqual([
    expect.objectContaining({
      first_fbclid: "IwAR-c_1.x~",
      last_fbclid: "IwAR-c_1.x~",
      last_utm_campaign: "c",
      last_landing_url: `${SITE}/mx?utm_source=meta&utm_campaign=c`,
    }),
  ]);
});

test("links carrying over-long, control and bidi characters in every parameter still give a stored lead, their values cut and cleaned (the worst by hand and 5 generated links)", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await interceptMeta(page);
  await page.goto("/mx");
  // With measurement accepted, click ids go through the route's cleaning too rather than being left out.
  await page.getByRole("button", { name: notice.acceptLabel }).click();

  const NASTY = [
    "\u0000",
    "\u0007",
    "\n",
    "\t",
    "\u0085",
    "\u061c",
    "\u200e",
    "\u200f",
    "\u202e",
    "\u2066",
    "\u2069",
    " ",
    "😀",
    "ñ",
    "\ud800",
    "&",
    "#",
    "%",
    "+",
    "<",
  ];
  const nastyUnit = fc.constantFrom(...NASTY);
  const unit = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom("a", "Z", "7", "-", "_", ".", "~") },
    { weight: 2, arbitrary: nastyUnit },
  );
  const value = fc.oneof(
    { weight: 2, arbitrary: fc.string({ unit, maxLength: 24 }) },
    { weight: 1, arbitrary: fc.string({ unit, minLength: 190, maxLength: 330 }) },
  );
  const params = fc.record(Object.fromEntries([...UTM_PARAMS, ...CLICK_ID_PARAMS].map((name) => [name, value])), {
    requiredKeys: [],
  });

  await fc.assert(
    fc.asyncProperty(params, async (given) => {
      await asNewClient(page);
      await page.evaluate(() => localStorage.clear());
      await page.goto(`/mx?${new URLSearchParams(given as Record<string, string>)}`);
      const company = `Attribution fuzz ${randomUUID()}`;
      expect(await sendLead(page, company)).toBe(201);
      const rows = await rowOf(company);
      expect(rows).toHaveLength(1);
      // What the page read from its address (a lone surrogate arrives as U+FFFD), cut and cleaned: the same value
      // in the first and the last touch, or no touch at all when nothing usable was left.
      const read = Object.fromEntries(Object.entries(given).map(([name, v]) => [name, (v as string).toWellFormed()]));
      const expected: Row = {};
      for (const name of UTM_PARAMS) expected[name] = cleanText(read[name], TRACKING_LIMITS.utm) ?? null;
      for (const name of CLICK_ID_PARAMS) expected[name] = cleanClickId(read[name]) ?? null;
      const campaign = Object.values(expected).some((v) => v !== null);
      for (const [name, v] of Object.entries(expected)) {
        expect(rows[0]![`first_${name}`], name).toBe(v);
        expect(rows[0]![`last_${name}`], name).toBe(v);
      }
      expect(rows[0]!.last_landing_url === null).toBe(!campaign);
      if (campaign) expect(rows[0]!.last_landing_url!.length).toBeLessThanOrEqual(TRACKING_LIMITS.url);
    }),
    {
      // Each run is a page load and a lead, so few are generated; the first is the worst link by hand: every
      // parameter holds every nasty unit, repeated past its limit.
      numRuns: 6,
      examples: [
        [Object.fromEntries([...UTM_PARAMS, ...CLICK_ID_PARAMS].map((name) => [name, NASTY.join("a").repeat(8)]))],
      ],
    },
  );
});

test("a browser whose kept touches were tampered with (wrong types, deep nesting, huge values) still sends a lead that is stored", async ({
  page,
}) => {
  await asNewClient(page);
  await page.addInitScript(() => {
    const deep = `${'{"first":'.repeat(2_000)}1${"}".repeat(2_000)}`;
    localStorage.setItem(
      "puente_attribution",
      JSON.stringify({
        first: {
          utm_source: ["x"],
          utm_campaign: "ok\u202e".repeat(400),
          at: new Date().toISOString(),
          gclid: { $gt: "" },
        },
        last: JSON.parse(deep),
      }),
    );
  });
  await page.goto("/mx");
  const company = `Attribution tampered ${randomUUID()}`;
  expect(await sendLead(page, company)).toBe(201);
  const rows = await rowOf(company);
  expect(rows).toEqual([
    expect.objectContaining({
      first_utm_source: null,
      first_utm_campaign: "ok".repeat(100),
      first_gclid: null,
      last_utm_campaign: null,
    }),
  ]);

  // And a script posting garbage straight to the route gets its lead stored too.
  const response = await page.request.post("/api/contact", {
    headers: { origin: SITE, "x-real-ip": "10.255.0.1" },
    data: {
      company: `${company} direct`,
      contact: "Ana",
      email: "ana@example.com",
      phonePrefix: "52",
      phone: "5512345678",
      country: "usa",
      reason: "goods",
      volume: "0-4999",
      market: "mx",
      submissionId: randomUUID(),
      attribution: {
        first: [1, { utm_source: null }],
        last: { utm_source: 42, utm_medium: "\u0000".repeat(50), landing_url: "javascript:alert(1)", at: "yesterday" },
      },
    },
  });
  expect(response.status()).toBe(201);
  expect(await rowOf(`${company} direct`)).toEqual([
    expect.objectContaining({ last_utm_source: null, last_landing_url: null, last_touch_at: null }),
  ]);
});
