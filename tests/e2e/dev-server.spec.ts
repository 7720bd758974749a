import { expect, test } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { validContactRequest } from "../support/contact/contact-request";
import { watchCsp } from "../support/browser/csp-violations";
import { editDocument } from "../support/sanity/dataset-file";
import { docFiles, readDoc, shellBlocks } from "../support/docs/project-docs";
import { E2E_PORTS } from "../../scripts/lib/e2e-hosts";
import { stopProcessGroup, waitUntilServing } from "../../scripts/lib/server-process";
import { readerShell, runShellBlock } from "../support/docs/shell-block";
import { guardTsconfig } from "../support/servers/tsconfig-guard";
import { proofFrom } from "../../scripts/lib/solve-proof";

// The README's start command (its `sh dev-server` block, run as written) as a newcomer runs it, on a port of their
// choosing: it serves the site, content edits show on a plain reload, the site's absolute URLs name that port, a 404
// is logged once, and the Studio page runs under its policy. tests/server/docs-commands.test.ts, which runs the docs'
// other commands, leaves this one here rather than compiling a second dev server.
const PORT = E2E_PORTS.devServer;
const ORIGIN = `http://localhost:${PORT}`;
const DIR = ".data/e2e/dev-server";
const DATASET = join(DIR, "landing.ndjson");

let server: ChildProcess;
/** What the block has printed so far. */
let log: () => string = () => "";
let restoreTsconfig: () => void;

test.setTimeout(180_000);
// One `next dev` for the file: its tests stay in one worker, in order.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const start = shellBlocks(docFiles().map(readDoc)).filter((block) => block.tag === "dev-server");
  expect(start.map((block) => block.file)).toEqual(["README.md"]);
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  copyFileSync("studio/seed/landing.ndjson", DATASET);
  restoreTsconfig = guardTsconfig();
  // A reader's shell with no .env, on a port of its own: only the test's own copy of the dataset, database and build
  // folder (its own folder, so a developer's `npm run dev` in this checkout is left alone).
  const env: NodeJS.ProcessEnv = {
    ...readerShell(),
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(PORT),
    CONTENT_DATASET_FILE: DATASET,
    EMBEDDED_DB_DIR: join(DIR, "pglite"),
    NEXT_DIST_DIR: join(DIR, "next"),
  };
  const started = runShellBlock(start[0]!, env);
  server = started.child;
  log = started.output;
  // The first request compiles the page, which takes a while on a busy machine.
  await waitUntilServing(server, `${ORIGIN}/mx`, "npm run dev", log);
});

test.afterAll(async () => {
  if (server) await stopProcessGroup(server, 10_000);
  restoreTsconfig?.();
});

const heroTitle = (html: string) => /<h1[^>]*id="hero-title"[^>]*>([^<]*)</.exec(html)?.[1];

test("README.md's start command serves the site", async ({ request }) => {
  const response = await request.get(`${ORIGIN}/mx`);
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('lang="es-MX"');
});

test("an edit of the embedded dataset shows on the next plain reload", async ({ request }) => {
  const before = await (await request.get(`${ORIGIN}/mx`)).text();
  expect(heroTitle(before)).toBeTruthy();
  const restore = editDocument(
    "landingPage.mx",
    (doc) => ((doc.hero as { title: string }).title = "Título editado en el dataset"),
    DATASET,
  );
  try {
    // A plain GET: no Cache-Control or Pragma from the client, as a normal reload sends.
    const after = await (await request.get(`${ORIGIN}/mx`)).text();
    expect(heroTitle(after)).toBe("Título editado en el dataset");
  } finally {
    restore();
  }
});

test("absolute URLs follow the port the dev server runs on", async ({ request }) => {
  const html = await (await request.get(`${ORIGIN}/br`)).text();
  expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/br"/>`);
  expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/br"/>`);
  expect(html).toContain(`hrefLang="es-MX" href="${ORIGIN}/mx"`);
  expect(await (await request.get(`${ORIGIN}/sitemap.xml`)).text()).toContain(`<loc>${ORIGIN}/ar</loc>`);
  expect(await (await request.get(`${ORIGIN}/robots.txt`)).text()).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  expect(html).not.toContain("localhost:3000");

  // The conversion names the page the lead came from: without a Referer, the market's page on this origin.
  const response = await request.post(`${ORIGIN}/api/contact`, {
    data: validContactRequest({ proof: await proofFrom(ORIGIN) }),
    headers: { "user-agent": "Mozilla/5.0 (dev test)", origin: ORIGIN },
  });
  expect(response.status()).toBe(201);
  // In development the log is pretty-printed (and coloured): the local sink's line names the page.
  await expect.poll(log, { timeout: 15_000 }).toContain(`page: "${ORIGIN}/mx"`);
});

test("a 404 is logged once, without a MaxListenersExceededWarning", async ({ request }) => {
  const path = `/no-such-page-${Date.now()}`;
  expect((await request.get(`${ORIGIN}${path}`)).status()).toBe(404);
  await expect.poll(log, { timeout: 15_000 }).toMatch(new RegExp(`GET ${path} 404`));
  // Next prints its request line when the response closes: once the next request's line is out, a second line for
  // the first would be too.
  const after = `/no-such-page-after-${Date.now()}`;
  expect((await request.get(`${ORIGIN}${after}`)).status()).toBe(404);
  await expect.poll(log, { timeout: 15_000 }).toMatch(new RegExp(`GET ${after} 404`));
  expect(log().match(new RegExp(`GET ${path} 404`, "g"))).toHaveLength(1);
  expect(log()).not.toContain("MaxListenersExceededWarning");
});

test("the Studio page explains how content works, runs Next's dev client under its policy and has a title", async ({
  page,
}) => {
  const violations = await watchCsp(page);
  await page.goto(`${ORIGIN}/studio`, { waitUntil: "networkidle" });
  // Without a project, the developer's guide: where content comes from and how to connect a project.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sanity Studio is not connected");
  const text = await page.locator("main").innerText();
  for (const needle of [
    "studio/seed/landing.ndjson",
    "NEXT_PUBLIC_SANITY_PROJECT_ID",
    "NEXT_PUBLIC_SANITY_DATASET",
    "SANITY_API_READ_TOKEN",
    "CORS",
    "npm run seed:import",
    "drafts.",
    "/api/draft-mode/enable",
  ])
    expect(text).toContain(needle);
  await expect(page).toHaveTitle(/\S/);
  // Next's dev client reports issues (a blocked eval among them) in a badge; none may be waiting once it has run all
  // it had queued (the main thread idle).
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  expect(violations).toEqual([]);
});
