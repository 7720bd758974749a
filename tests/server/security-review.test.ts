// The findings of the security review, each replayed against production servers (`npm start`, the standalone server of
// the e2e build): what an attacker sends, and what the server must answer or log.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { get as httpGet } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readDataset, writeDataset } from "../support/sanity/dataset-file";
import { E2E_HOSTS, E2E_PORTS, SANITY_MODE } from "../../scripts/lib/e2e-hosts";
import { E2E_SECRETS } from "../../scripts/lib/e2e-secrets";
import { emptyDatabaseDir } from "../support/supabase/empty-database";
import { httpRequest } from "../support/servers/http-request";
import { stopGracefully, waitUntilServing } from "../../scripts/lib/server-process";

// The embedded and Sanity-mode servers of the e2e build (tests/server/global-setup.ts).
const SITE = E2E_HOSTS.embedded;
const request = httpRequest(SITE);
const EVIL = "https://evil.example";

/** Where a browser goes when it follows this response's Location header. */
const destination = (location: string | undefined, base = SITE) => new URL(location ?? "", base).href;

describe("redirects after draft mode stay on the site", () => {
  // As sent in the query string (raw, so the server's own decoding applies): dot segments, encoded dots and
  // slashes, backslashes, tabs, double encoding.
  const HOSTILE = [
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example/x",
    "/./%5Cevil.example",
    "/%252e//evil.example",
    "/%2F%2Fevil.example",
    "/%252F%252Fevil.example",
    "/%09/evil.example",
    "/..%252F..%252F%252Fevil.example",
    "/%EF%BC%8F%EF%BC%8Fevil.example",
  ];

  for (const target of HOSTILE) {
    test(`disable and enable never send the browser off the site for ${target}`, async () => {
      const enable = await request.get(
        `/api/draft-mode/enable?secret=${E2E_SECRETS.DRAFT_MODE_SECRET}&redirect=${target}`,
        { maxRedirects: 0, headers: { "x-real-ip": "192.0.2.10" } },
      );
      expect(enable.status()).toBe(307);
      expect(destination(enable.headers()["location"])).toBe(`${SITE}/mx`);
      // Leaving is the preview bar's form: a POST from this site, its target a field as the form sends it.
      const disable = await request.post("/api/draft-mode/disable", {
        maxRedirects: 0,
        headers: { origin: SITE, "content-type": "application/x-www-form-urlencoded" },
        data: `redirect=${target}`,
      });
      expect(disable.status()).toBe(303);
      expect(destination(disable.headers()["location"])).toBe(`${SITE}/mx`);
    });
  }

  test("no other site can end a preview: leaving is a POST with this site's Origin, never a GET", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const leave = (headers: Record<string, string>) =>
      request.post("/api/draft-mode/disable", {
        maxRedirects: 0,
        headers: { ...form, ...headers },
        data: "redirect=/br",
      });
    expect((await leave({ origin: EVIL })).status()).toBe(403);
    expect((await leave({})).status()).toBe(403);
    const get = await request.get("/api/draft-mode/disable?redirect=/br", { maxRedirects: 0 });
    expect(get.status()).toBe(405);
    expect(get.headers()["allow"]).toBe("POST");
    const own = await leave({ origin: SITE });
    expect(own.status()).toBe(303);
    expect(own.headers()["location"]).toBe("/br");
    // It clears both draft cookies.
    const cleared = (own.headers()["set-cookie"] ?? "").split("\n");
    expect(cleared.some((c) => /^__prerender_bypass=;/.test(c))).toBe(true);
    expect(cleared.some((c) => /^__draft_session=;/.test(c))).toBe(true);
  });

  test("the Presentation tool's enable route lands on the path it asks for, and never off the site", async () => {
    const docs = readDataset(SANITY_MODE.datasetFile);
    const secret = {
      _id: "sanity-preview-url-secret.review",
      _type: "sanity.previewUrlSecret",
      _updatedAt: new Date().toISOString(),
      secret: "e2e-review-presentation-secret",
      studioUrl: "/studio",
    };
    writeDataset([...docs.filter((d) => d._id !== secret._id), secret], SANITY_MODE.datasetFile);
    try {
      const enable = (pathname: string) =>
        request.get(
          `${E2E_HOSTS.sanity}/api/draft-mode/enable?sanity-preview-secret=${secret.secret}&sanity-preview-pathname=${pathname}`,
          { maxRedirects: 0 },
        );
      const ok = await enable("/br");
      expect(ok.status()).toBe(307);
      expect(destination(ok.headers()["location"], E2E_HOSTS.sanity)).toBe(`${E2E_HOSTS.sanity}/br`);
      for (const target of ["/.//evil.example", "/%2e//evil.example/x", "/./%5Cevil.example"]) {
        const response = await enable(target);
        expect(response.status(), target).toBe(307);
        expect(new URL(destination(response.headers()["location"], E2E_HOSTS.sanity)).origin, target).toBe(
          E2E_HOSTS.sanity,
        );
      }
    } finally {
      writeDataset(docs, SANITY_MODE.datasetFile);
    }
  });
});

test("a cross-site POST naming itself our host in X-Forwarded-Host is refused with 403", async () => {
  const post = (headers: Record<string, string>) =>
    request.post("/api/contact", {
      headers: { "content-type": "application/json", "x-real-ip": "192.0.2.20", ...headers },
      data: "{}",
    });
  const forged = await post({ origin: EVIL, "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).error).toMatch(/Cross-site/);
  // The site's own origin gets past the check (and on to validation of the empty body).
  expect((await post({ origin: SITE })).status()).toBe(422);
});

test("one IPv6 /48 rotating its /64s gets 4 x the per-client limit, then 429; another /48 is counted apart", async () => {
  // Empty bodies (422, nothing stored) count in the bucket of refused requests, which has the same per-client and
  // per-/48 limits as leads.
  const attempt = (ip: string) =>
    request.post("/api/contact", {
      headers: { "content-type": "application/json", origin: SITE, "x-real-ip": ip },
      data: "{}",
    });
  const statuses = [];
  for (let i = 0; i < 21; i++) statuses.push((await attempt(`2001:db8:4848:${i.toString(16)}::1`)).status());
  // CONTACT_RATE_LIMIT_PER_MINUTE is 5 on this server: each /64 is far below it, the /48 reaches its 20.
  expect(statuses.slice(0, 20)).toEqual(Array(20).fill(422));
  expect(statuses[20]).toBe(429);
  const refused = await attempt("2001:db8:4848:ff::1");
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect((await attempt("2001:db8:4849::1")).status()).toBe(422);
});

test("guesses at DRAFT_MODE_SECRET are limited per client like submissions; the right secret still works elsewhere", async () => {
  const enable = (secret: string, ip: string) =>
    request.get(`/api/draft-mode/enable?secret=${secret}&redirect=/mx`, {
      maxRedirects: 0,
      headers: { "x-real-ip": ip },
    });
  const guesses = [];
  for (let i = 0; i < 6; i++) guesses.push((await enable(`guess-${i}`, "198.51.100.77")).status());
  expect(guesses).toEqual([401, 401, 401, 401, 401, 429]);
  // Limited, the guesser is refused before the secret is even compared.
  const limited = await enable(E2E_SECRETS.DRAFT_MODE_SECRET, "198.51.100.77");
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  // A developer with the secret, from another address, is not affected, and a right secret uses up nothing.
  for (let i = 0; i < 6; i++) expect((await enable(E2E_SECRETS.DRAFT_MODE_SECRET, "198.51.100.78")).status()).toBe(307);
});

test("with Sanity, guesses at the Presentation tool's secret are limited per client too; a right one still works", async () => {
  const docs = readDataset(SANITY_MODE.datasetFile);
  const secret = {
    _id: "sanity-preview-url-secret.guesses",
    _type: "sanity.previewUrlSecret",
    _updatedAt: new Date().toISOString(),
    secret: "e2e-review-guessed-secret",
    studioUrl: "/studio",
  };
  writeDataset([...docs.filter((d) => d._id !== secret._id), secret], SANITY_MODE.datasetFile);
  try {
    // Each guess would be an uncached Content Lake query made with the read token.
    const enable = (guess: string, ip: string) =>
      request.get(
        `${E2E_HOSTS.sanity}/api/draft-mode/enable?sanity-preview-secret=${guess}&sanity-preview-pathname=/mx`,
        {
          maxRedirects: 0,
          headers: { "x-real-ip": ip },
        },
      );
    const guesses = [];
    for (let i = 0; i < 6; i++) guesses.push((await enable(`guess-${i}`, "198.51.100.91")).status());
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await enable(secret.secret, "198.51.100.91");
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
    for (let i = 0; i < 6; i++) expect((await enable(secret.secret, "198.51.100.92")).status()).toBe(307);
  } finally {
    writeDataset(docs, SANITY_MODE.datasetFile);
  }
});

describe("the 404 log line", () => {
  const PORT = E2E_PORTS.securityReview;
  const ORIGIN = `http://127.0.0.1:${PORT}`;
  let server: ChildProcess;
  let log = "";
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "security-review-"));
    await emptyDatabaseDir(join(dir, "pglite"));
    server = spawn(process.execPath, ["scripts/start-standalone.mjs"], {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOSTNAME: "127.0.0.1",
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        EMBEDDED_DB_DIR: join(dir, "pglite"),
        LEADS_STORE: "embedded",
        CONTACT_RATE_LIMIT_PER_MINUTE: "0",
        CONTACT_PROOF_SECRET: E2E_SECRETS.CONTACT_PROOF_SECRET,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    await waitUntilServing(server, `${ORIGIN}/mx`, "npm start", () => log);
  });

  afterAll(async () => {
    await stopGracefully(server, 10_000);
    rmSync(dir, { recursive: true, force: true });
  });

  test("logs the path the server derived, never a value the client put in x-unknown-path", async () => {
    const forged = { "x-unknown-path": "/admin login ok user=root\n[auth] login ok user=root" };
    for (const path of ["/api/nope", "/_next/nope", "/_next/static/chunks/nope.js", "/no-such-page", "/mx"]) {
      const response = await fetch(`${ORIGIN}${path}`, {
        headers: { "x-unknown-path": forged["x-unknown-path"].replace("\n", " ") },
      });
      expect(response.status, path).toBe(path === "/mx" ? 200 : 404);
    }
    await expect.poll(() => log).toContain("404: no page at /no-such-page");
    expect(log).toContain("404: no page at /api/nope");
    expect(log).not.toMatch(/user=root/);
    expect(log).not.toMatch(/no page at \(unknown\)/);
  });
});

describe("the Studio on a host of its own (STUDIO_HOST)", () => {
  const PORT = E2E_PORTS.studioHost;
  const SITE_HOST = `127.0.0.1:${PORT}`;
  const STUDIO = `studio.pagos.test:${PORT}`;
  // The Sanity-mode build, reading the local Content Lake, as playwright.config.ts starts it.
  const sanityEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: SANITY_MODE.distDir,
    NEXT_PUBLIC_SANITY_PROJECT_ID: SANITY_MODE.projectId,
    NEXT_PUBLIC_SANITY_DATASET: SANITY_MODE.dataset,
    SANITY_API_HOST: E2E_HOSTS.fakeSanity,
    SANITY_API_READ_TOKEN: "e2e-viewer-token",
    LEADS_STORE: "embedded",
    CLIENT_IP_HEADER: "x-real-ip",
    CONTACT_PROOF_SECRET: E2E_SECRETS.CONTACT_PROOF_SECRET,
  };
  const start = (env: Record<string, string>) => {
    let log = "";
    const child: ChildProcess = spawn(
      process.execPath,
      ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(PORT)],
      { env: { ...sanityEnv, ...env }, stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    return { child, log: () => log };
  };

  test("with a Meta pixel, production refuses to serve the Studio beside it, naming both variables", async () => {
    const dir = mkdtempSync(join(tmpdir(), "studio-host-"));
    const server = start({ NEXT_PUBLIC_META_PIXEL_ID: "1234567890", EMBEDDED_DB_DIR: join(dir, "pglite") });
    try {
      const code = await new Promise<number | null>((resolve) => server.child.once("exit", resolve));
      expect(code).toBe(1);
      expect(server.log()).toMatch(/NEXT_PUBLIC_META_PIXEL_ID.*STUDIO_HOST/);
    } finally {
      server.child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("answers /studio on that host only, and nothing but the Studio there", async () => {
    const dir = mkdtempSync(join(tmpdir(), "studio-host-"));
    await emptyDatabaseDir(join(dir, "pglite"));
    const server = start({
      STUDIO_HOST: STUDIO,
      NEXT_PUBLIC_META_PIXEL_ID: "1234567890",
      EMBEDDED_DB_DIR: join(dir, "pglite"),
    });
    try {
      await waitUntilServing(server.child, `http://${SITE_HOST}/mx`, "next start", server.log);
      // To this server, naming `host` as a browser that resolved it would.
      const get = (host: string, path: string) =>
        new Promise<{ status: number; location?: string; body: string }>((resolve, reject) =>
          httpGet({ host: "127.0.0.1", port: PORT, path, headers: { host } }, (response) => {
            let body = "";
            response.on("data", (chunk: Buffer) => (body += chunk.toString()));
            response.on("end", () =>
              resolve({ status: response.statusCode!, location: response.headers.location, body }),
            );
          }).on("error", reject),
        );
      // The site's origin never serves the Studio: it sends the editor to the Studio's host.
      const away = await get(SITE_HOST, "/studio/structure");
      expect(away.status).toBe(308);
      expect(away.location).toBe(`http://${STUDIO}/studio/structure`);
      expect((await get(SITE_HOST, "/mx")).status).toBe(200);
      // The Studio's host serves the Studio, and no landing page (where the pixel would run).
      const studio = await get(STUDIO, "/studio");
      expect(studio.status).toBe(200);
      expect(studio.body).toContain("/_next/");
      for (const path of ["/mx", "/br/empresas", "/api/contact", "/api/beacon", "/og/mx", "/sitemap.xml"])
        expect((await get(STUDIO, path)).status, path).toBe(404);
      // The Results tool reads the results on its own origin: answered there (and on the site's, for scripts).
      expect((await get(STUDIO, "/api/results?from=2026-11-01&to=2026-11-07")).status).toBe(401);
      expect((await get(SITE_HOST, "/api/results?from=2026-11-01&to=2026-11-07")).status).toBe(401);
      // "/" is redirected to /mx (next.config.ts, before the proxy) as on any host, and /mx is not served there.
      expect((await get(STUDIO, "/")).location).toMatch(/^(?:http:\/\/studio\.pagos\.test:\d+)?\/mx$/);
    } finally {
      await stopGracefully(server.child, 10_000);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
