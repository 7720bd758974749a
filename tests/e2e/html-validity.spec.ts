import { expect, test, type Page } from "@playwright/test";
import { readFileSync, writeFileSync } from "node:fs";
import { noticeTextPath } from "../../lib/content/privacy-notice-html";
import { MARKETS } from "../../lib/markets/markets";
import { CAMPAIGN_PAGES } from "../../scripts/lib/seed-campaign-pages";
import { E2E_DATASET, readDataset, writeDataset } from "../support/sanity/dataset-file";
import { E2E_HOSTS } from "../../scripts/lib/e2e-hosts";
import { E2E_SECRETS } from "../../scripts/lib/e2e-secrets";
import { describeProblems, htmlErrors } from "../support/browser/html-checker";

/**
 * Every page a visitor (or a marketer previewing) can reach goes through the W3C Nu HTML Checker twice: as the
 * server sends it, and as the DOM stands once React has hydrated it and client components have rendered. The real
 * Studio's markup is checked in studio.spec.ts, where its Sanity hosts are answered.
 */
test.setTimeout(120_000);

/**
 * A rule about the byte stream, not the document: a browser reads the encoding from the first 1024 bytes the server
 * sends, and every served document is checked for it. A DOM serialized after hydration is not parsed from bytes, and
 * when React renders the error screen on the client it puts its script and stylesheet resources first in <head>.
 */
const BYTE_STREAM_RULE = /“charset” attribute on a “meta” element found after the first 1024 bytes/;

async function expectValid(documents: Record<string, string>) {
  const problems = (await htmlErrors(documents)).filter(
    (p) => !(p.document.endsWith(", hydrated") && BYTE_STREAM_RULE.test(p.message)),
  );
  expect(problems, describeProblems(problems)).toEqual([]);
}

/** The DOM after hydration: scripts have run and the network has gone quiet. */
async function hydrated(page: Page, url: string, expectedStatus: number): Promise<string> {
  const response = await page.goto(url, { waitUntil: "networkidle" });
  expect(response?.status(), url).toBe(expectedStatus);
  return page.content();
}

async function served(page: Page, url: string, expectedStatus: number): Promise<string> {
  // page.request shares the browser's cookies, so a draft-mode page is fetched as the browser saw it.
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(expectedStatus);
  return response.text();
}

test("the landing pages, the privacy notices, the 404 and the Studio page without a project have no HTML errors, served and hydrated", async ({
  page,
}) => {
  const pages: [string, string, number][] = [
    ...MARKETS.map((m): [string, string, number] => [`/${m}`, `${E2E_HOSTS.embedded}/${m}`, 200]),
    // Opened, so the notice's text has loaded into the page.
    ["/mx#privacy-notice", `${E2E_HOSTS.embedded}/mx#privacy-notice`, 200],
    ...MARKETS.map((m): [string, string, number] => [
      noticeTextPath(m),
      `${E2E_HOSTS.embedded}${noticeTextPath(m)}`,
      200,
    ]),
    ...CAMPAIGN_PAGES.map((path): [string, string, number] => [path, `${E2E_HOSTS.embedded}${path}`, 200]),
    ["/mx (Sanity mode)", `${E2E_HOSTS.sanity}/mx`, 200],
    ["404", `${E2E_HOSTS.embedded}/no-such-page`, 404],
    ["/studio (no project)", `${E2E_HOSTS.embedded}/studio`, 200],
  ];
  const documents: Record<string, string> = {};
  for (const [name, url, status] of pages) {
    documents[`${name}, served`] = await served(page, url, status);
    documents[`${name}, hydrated`] = await hydrated(page, url, status);
  }
  await expectValid(documents);
});

test("a draft preview and the error screen have no HTML errors, served and hydrated", async ({ page }) => {
  const original = readFileSync(E2E_DATASET, "utf8");
  const docs = readDataset();
  // A draft the page cannot show (two benefit cards instead of three) brings up the error screen in preview.
  const broken = structuredClone(docs.find((d) => d._id === "landingPage.br")!) as Record<string, unknown> & {
    _id: string;
    _type: string;
    benefits: { cards: unknown[] };
  };
  broken._id = "drafts.landingPage.br";
  broken.benefits.cards = broken.benefits.cards.slice(0, 2);
  writeDataset([...docs, broken]);
  try {
    await page.goto(`/api/draft-mode/enable?secret=${E2E_SECRETS.DRAFT_MODE_SECRET}&redirect=/mx`);
    await expect(page.getByRole("complementary", { name: "Preview" })).toBeVisible();
    const documents: Record<string, string> = {
      "/mx in draft mode, served": await served(page, "/mx", 200),
      "/mx in draft mode, hydrated": await hydrated(page, "/mx", 200),
      "error screen, served": await served(page, "/br", 500),
      "error screen, hydrated": await hydrated(page, "/br", 500),
    };
    await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    await expectValid(documents);
  } finally {
    writeFileSync(E2E_DATASET, original);
    // The preview bar's Exit preview button, as it posts.
    await page.request.post("/api/draft-mode/disable", {
      maxRedirects: 0,
      headers: { origin: E2E_HOSTS.embedded },
      form: { redirect: "/mx" },
    });
  }
});

test("the checker reports what it should: a page with a broken document fails", async () => {
  // Guards against a checker that silently checks nothing (wrong flags, no Java, empty output).
  const errors = await htmlErrors({
    broken: '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><p><div></p></body></html>',
  });
  expect(errors.map((e) => e.document)).toContain("broken");
});

test("the 404 says noindex once, /favicon.ico is an icon, and the Studio page has a title", async ({ request }) => {
  const notFound = await (await request.get("/no-such-page")).text();
  expect(notFound.match(/<meta name="robots"[^>]*>/g)).toEqual(['<meta name="robots" content="noindex"/>']);
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toBe("image/x-icon");
  // An ICO file: reserved 0, type 1 (icon), then at least one image.
  const bytes = await icon.body();
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
  for (const host of [E2E_HOSTS.embedded, E2E_HOSTS.sanity]) {
    expect(await (await request.get(`${host}/studio`)).text(), host).toMatch(/<title>[^<]+<\/title>/);
  }
});
