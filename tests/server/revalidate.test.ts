import { afterAll, beforeAll, expect, test } from "vitest";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { noticeTextPath } from "../../lib/content/privacy-notice-html";
import { editDocument } from "../support/sanity/dataset-file";
import { E2E_PORTS } from "../../scripts/lib/e2e-hosts";
import { serverEnv } from "../support/servers/e2e-servers";
import { httpRequest, type HttpRequest } from "../support/servers/http-request";
import { revalidateWebhook as webhook } from "../support/sanity/revalidate-webhook";
import { startServers, type StartedServers } from "../support/servers/start-servers";

// A server of the e2e build with a dataset of its own: these tests edit it, and even break it, as a CMS might, which
// the other server tests running beside them must never see.
const ORIGIN = `http://127.0.0.1:${E2E_PORTS.revalidate}`;
const request = httpRequest(ORIGIN);
let dir: string;
let dataset: string;
let server: StartedServers | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "revalidate-"));
  dataset = join(dir, "landing.ndjson");
  server = await startServers(
    [
      {
        name: "revalidate test server",
        command: `node tests/support/servers/serve-e2e-build.ts .next ${dir}`,
        url: `${ORIGIN}/mx`,
        reuseExistingServer: false,
        timeout: 90_000,
        // The build names worker 0's origin as the site's; this server knows its own from its Host header.
        env: serverEnv(E2E_PORTS.revalidate, { FORWARDED_HOST_HEADER: "host" }),
      },
    ],
    (line) => process.stderr.write(`${line}\n`),
  );
}, 90_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const heroTitle = async (request: HttpRequest, path: string) => {
  const html = await (await request.get(path)).text();
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
};

test("a signed webhook shows an edited document's new copy without a rebuild", async () => {
  const before = await heroTitle(request, "/mx");
  const restore = editDocument(
    "landingPage.mx",
    (doc) => ((doc.hero as { title: string }).title = "Pagos al mundo en un clic"),
    dataset,
  );
  try {
    // Without a webhook the cached page stays as it was.
    expect(await heroTitle(request, "/mx")).toBe(before);
    const response = await webhook(request, { _type: "landingPage", _id: "landingPage.mx", market: "mx" });
    expect(response.status()).toBe(200);
    expect((await response.json()).revalidated).toEqual(["landingPage:mx"]);
    // A server's first regeneration loads the renderer, which takes seconds on a busy machine.
    await expect.poll(() => heroTitle(request, "/mx"), { timeout: 30_000 }).toBe("Pagos al mundo en un clic");
    // Only the changed market was revalidated.
    expect(await heroTitle(request, "/br")).not.toBe("Pagos al mundo en un clic");
  } finally {
    restore();
    await webhook(request, { _type: "landingPage", market: "mx" });
  }
  await expect.poll(() => heroTitle(request, "/mx"), { timeout: 10_000 }).toBe(before);
});

test("a signed webhook for a privacy notice refreshes the notice's own page, where the landing page loads its text", async () => {
  const noticeText = async () => (await request.get(noticeTextPath("br"))).text();
  expect(await noticeText()).toContain("Puente Pagos Brasil Ltda.");
  const restore = editDocument("privacyNotice.br", (doc) => (doc.legalName = "Ponte Pagamentos Ltda."), dataset);
  try {
    const response = await webhook(request, { _type: "privacyNotice", _id: "privacyNotice.br", market: "br" });
    expect(response.status()).toBe(200);
    await expect.poll(noticeText, { timeout: 30_000 }).toContain("Ponte Pagamentos Ltda.");
  } finally {
    restore();
    await webhook(request, { _type: "privacyNotice", market: "br" });
  }
  await expect.poll(noticeText, { timeout: 10_000 }).not.toContain("Ponte Pagamentos Ltda.");
});

test("a bad or missing signature is refused with 401 and revalidates nothing", async () => {
  const before = await heroTitle(request, "/ar");
  const restore = editDocument(
    "landingPage.ar",
    (doc) => ((doc.hero as { title: string }).title = "No debería verse"),
    dataset,
  );
  try {
    expect((await webhook(request, { _type: "landingPage", market: "ar" }, "wrong-secret")).status()).toBe(401);
    const unsigned = await request.post("/api/revalidate", { data: { _type: "landingPage", market: "ar" } });
    expect(unsigned.status()).toBe(401);
    expect(await heroTitle(request, "/ar")).toBe(before);
  } finally {
    restore();
  }
});

test("a signed body that is not a landing document is a 400", async () => {
  expect((await webhook(request, { _type: "post", market: "mx" })).status()).toBe(400);
  expect((await webhook(request, { _type: "landingPage", market: "de" })).status()).toBe(400);
  expect((await webhook(request, { _type: "landingPage" })).status()).toBe(400);
});

test("when the content source fails during a revalidation, visitors keep the last good page", async () => {
  const before = await heroTitle(request, "/br");
  const original = readFileSync(dataset, "utf8");
  appendFileSync(dataset, "{ this is not json\n");
  try {
    expect((await webhook(request, { _type: "landingPage", market: "br" })).status()).toBe(200);
    for (let i = 0; i < 3; i++) {
      const response = await request.get("/br");
      expect(response.status()).toBe(200);
      expect(await heroTitle(request, "/br")).toBe(before);
    }
  } finally {
    writeFileSync(dataset, original);
    await webhook(request, { _type: "landingPage", market: "br" });
  }
});
