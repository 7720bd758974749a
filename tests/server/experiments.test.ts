import { afterAll, beforeAll, expect, test } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { validContactRequest } from "../support/contact/contact-request";
import { editDocument } from "../support/sanity/dataset-file";
import { E2E_SECRETS } from "../../scripts/lib/e2e-secrets";
import { serverEnv } from "../support/servers/e2e-servers";
import { freePort } from "../../scripts/lib/free-port";
import { httpRequest, type HttpRequest, type HttpResponse } from "../support/servers/http-request";
import { revalidateWebhook as webhook } from "../support/sanity/revalidate-webhook";
import { startServers, type StartedServers } from "../support/servers/start-servers";

// The seed's running experiment: the hero title of /mx/importadores-china, its control and one variant. A server of
// the e2e build with a dataset of its own, since the last test stops the experiment, as a marketer would.
const PAGE = "/mx/importadores-china";
const CONTROL = "Paga a tus proveedores en China sin vueltas";
const VARIANT = "Ahorra en cada pago a tus proveedores en China";
const PERSON =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let origin: string;
let request: HttpRequest;
let dir: string;
let server: StartedServers | undefined;
let crm: Server;
const crmLeads: { id: string; variant: string | null }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "experiments-"));
  crm = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      crmLeads.push((JSON.parse(Buffer.concat(chunks).toString("utf8")) as { lead: (typeof crmLeads)[number] }).lead);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => crm.listen(0, "127.0.0.1", resolve));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  request = httpRequest(origin);
  server = await startServers(
    [
      {
        name: "experiments test server",
        command: `node tests/support/servers/serve-e2e-build.ts .next ${dir}`,
        url: `${origin}/mx`,
        reuseExistingServer: false,
        timeout: 90_000,
        env: serverEnv(port, {
          FORWARDED_HOST_HEADER: "host",
          CONTACT_PROOF: "off",
          CONTACT_RATE_LIMIT_PER_MINUTE: "0",
          LEAD_WEBHOOK_URL: `http://127.0.0.1:${(crm.address() as AddressInfo).port}/leads`,
          LEAD_WEBHOOK_SECRET: "experiments-lead-webhook-secret-0123456789",
        }),
      },
    ],
    (line) => process.stderr.write(`${line}\n`),
  );
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => crm?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const titleOf = async (response: HttpResponse) => /<h1[^>]*>([^<]*)<\/h1>/.exec(await response.text())?.[1];
const canonicalOf = async (response: HttpResponse) =>
  /<link rel="canonical" href="([^"]*)"/.exec(await response.text())?.[1];
const cookieOf = (response: HttpResponse) =>
  /(?:^|\n)experiments=([^;]*)/.exec(response.headers()["set-cookie"] ?? "")?.[1];
let client = 0;
/** A page request from a person's phone, each from an address of its own unless told. */
const visit = (path: string, headers: Record<string, string> = {}) =>
  request.get(path, { headers: { "user-agent": PERSON, "x-real-ip": `198.51.100.${client++ % 250}`, ...headers } });

test("200 first requests split about evenly between the two titles, each with a cookie naming the one it showed", async () => {
  const seen = new Map<string, number>();
  for (let i = 0; i < 200; i++) {
    const response = await visit(PAGE);
    expect(response.status()).toBe(200);
    const title = (await titleOf(response))!;
    seen.set(title, (seen.get(title) ?? 0) + 1);
    expect(cookieOf(response)).toBe(title === VARIANT ? "mx-china-titulo--ahorro" : "mx-china-titulo--control");
    const cookie = response.headers()["set-cookie"]!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  }
  expect([...seen.keys()].sort()).toEqual([CONTROL, VARIANT].sort());
  for (const [title, count] of seen) {
    expect(count, title).toBeGreaterThanOrEqual(70);
    expect(count, title).toBeLessThanOrEqual(130);
  }
}, 120_000);

test("a visitor keeps their variant on reload and after other pages, served from the page cache the second time", async () => {
  const cookie = { cookie: "experiments=mx-china-titulo--ahorro" };
  const first = await visit(PAGE, cookie);
  expect(await titleOf(first)).toBe(VARIANT);
  // An unchanged cookie is not set again.
  expect(first.headers()["set-cookie"]).toBeUndefined();
  const market = await visit("/mx", cookie);
  expect(await titleOf(market)).not.toBe(VARIANT);
  expect(market.headers()["set-cookie"]).toBeUndefined();
  const again = await visit(PAGE, cookie);
  expect(await titleOf(again)).toBe(VARIANT);
  expect(["HIT", "STALE"]).toContain(again.headers()["x-nextjs-cache"]);
  // The variant is the page: its canonical address is the page's own (here the market's, as the page is not indexed).
  expect(await canonicalOf(again)).toBe(
    await canonicalOf(await visit(PAGE, { cookie: "experiments=mx-china-titulo--control" })),
  );
});

test("a crawler or a link preview gets the control and no cookie", async () => {
  for (const agent of [
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "WhatsApp/2.23.20.0",
  ]) {
    const response = await request.get(PAGE, { headers: { "user-agent": agent } });
    expect(await titleOf(response), agent).toBe(CONTROL);
    expect(response.headers()["set-cookie"], agent).toBeUndefined();
  }
});

test("the variant's route has no address of its own: asked for directly, or with forged headers, it shows the published page", async () => {
  const direct = await visit("/mx/variant/importadores-china/mx-china-titulo--ahorro", {
    cookie: "experiments=mx-china-titulo--control",
  });
  expect(await titleOf(direct)).not.toBe(VARIANT);
  const forged = await visit(PAGE, {
    cookie: "experiments=mx-china-titulo--control",
    "x-page-route": "variant",
    "x-page-variant": "importadores-china.mx-china-titulo--ahorro",
  });
  expect(await titleOf(forged)).toBe(CONTROL);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain("variant");
});

test("a lead names its variant in the store and the webhook, and the results count it beside the visit's exposure", async () => {
  const cookie = "experiments=mx-china-titulo--ahorro";
  const beacon = await request.post("/api/beacon", {
    data: JSON.stringify({ type: "visit", path: PAGE }),
    headers: { "content-type": "text/plain", origin, "user-agent": PERSON, "x-real-ip": "203.0.113.9", cookie },
  });
  expect(beacon.status()).toBe(204);
  const lead = validContactRequest({ market: "mx", page: "importadores-china" });
  const sent = await request.post("/api/contact", {
    data: lead,
    headers: { origin, "user-agent": PERSON, "x-real-ip": "203.0.113.9", cookie },
  });
  expect(sent.status()).toBe(201);
  await expect
    .poll(() => crmLeads.find((l) => l.id === lead.submissionId)?.variant, { timeout: 15_000 })
    .toBe("mx-china-titulo--ahorro");
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const results = async () => {
    const response = await request.get(`/api/results?from=${yesterday}&to=${today}&by=variant&market=mx`, {
      headers: { authorization: `Bearer ${E2E_SECRETS.RESULTS_READ_TOKEN}` },
    });
    const body = (await response.json()) as {
      experiments: { key: string; variants: { key: string; visitors: number; leads: number }[] }[];
    };
    return body.experiments.find((e) => e.key === "mx-china-titulo")?.variants.find((v) => v.key === "ahorro");
  };
  await expect.poll(results, { timeout: 15_000 }).toMatchObject({ visitors: 1, leads: 1 });
});

test("stopping the experiment sends a visitor with its cookie to the published page and clears the cookie", async () => {
  const cookie = { cookie: "experiments=mx-china-titulo--ahorro" };
  const restore = editDocument(
    "experiment.mx-importadores-china-titulo",
    (doc) => (doc.stoppedAt = new Date().toISOString()),
    join(dir, "landing.ndjson"),
  );
  try {
    const response = await webhook(request, { _type: "experiment", _id: "experiment.mx-importadores-china-titulo" });
    expect(response.status()).toBe(200);
    await expect.poll(async () => titleOf(await visit(PAGE, cookie)), { timeout: 30_000 }).toBe(CONTROL);
    const after = await visit(PAGE, cookie);
    expect(after.headers()["set-cookie"]).toMatch(/experiments=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    // Nobody is assigned any more: no cookie for a new visitor either.
    expect((await visit(PAGE)).headers()["set-cookie"]).toBeUndefined();
  } finally {
    restore();
  }
}, 60_000);
