// The page cache holds real pages only, and never shares a Redis with the records that bound leads. Against production
// servers of the e2e builds: unknown addresses, with and without a forged draft-mode cookie, add no entry on disk (the
// main build, Next's own cache) nor any Redis key (the Sanity-mode build, built with PAGE_CACHE=redis); a spent proof
// is still refused after such a flood; a real draft session previews a page not published yet and stores nothing; and
// with the page cache in Redis, a webhook to one instance refreshes another.
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lead } from "../../bench/lib/contact-load";
import { MARKETS } from "../../lib/markets/markets";
import { editDocument, readDataset, writeDataset } from "../support/sanity/dataset-file";
import { SANITY_MODE } from "../../scripts/lib/e2e-hosts";
import { E2E_SECRETS } from "../../scripts/lib/e2e-secrets";
import { emptyDatabaseDir } from "../support/supabase/empty-database";
import { startFakeSanityApi, type FakeSanityApi } from "../support/sanity/fake-content-lake-api";
import { startFakeSupabase, type FakeSupabase } from "../support/supabase/fake-supabase";
import { freePort } from "../../scripts/lib/free-port";
import { startRedis, type TestRedis } from "../../scripts/lib/redis-server";
import { proofFrom } from "../../scripts/lib/solve-proof";
import {
  copyStandalone,
  startExpectingRefusal,
  startStandalone,
  type StandaloneServer,
} from "../../scripts/lib/standalone-server";

vi.setConfig({ testTimeout: 120_000 });

/** Every market's page. */
const MARKET_PAGES = MARKETS.map((market) => `/${market}`);

/** Addresses no route serves, whatever their casing or prefix: each must answer the one 404 page. */
const UNKNOWN = [
  (i: number) => `/og/flood-${i}`,
  (i: number) => `/og/mx/flood-${i}`,
  (i: number) => `/seed-images/flood-${i}.svg`,
  (i: number) => `/_next/flood-${i}`,
  (i: number) => `/MX/flood-${i}`,
  (i: number) => `/Br/flood-${i}`,
  (i: number) => `/Studio/flood-${i}`,
  (i: number) => `/og/campaign/flood-${i}`,
  (i: number) => `/seed-images/draft/flood-${i}`,
  (i: number) => `/flood-${i}`,
  (i: number) => `/api/flood-${i}`,
  (i: number) => `/api/privacy-notice/flood-${i}`,
  (i: number) => `/api/privacy-notice/mx/flood-${i}`,
];
/** Addresses below a market that are no campaign page: each shows the market's page. */
const BELOW_MARKET = [
  (i: number) => `/mx/flood-${i}`,
  (i: number) => `/br/flood-${i}/deeper`,
  (i: number) => `/ar/campaign/flood-${i}`,
  (i: number) => `/mx/draft/flood-${i}`,
];
/** What a client can send to be routed where it should not: a draft-mode cookie Next never issued, proxy headers. */
const FORGERIES: Record<string, Record<string, string>> = {
  "no forgery": {},
  "a forged draft-mode cookie": { cookie: "__prerender_bypass=forged; __draft_session=forged" },
  "forged routing headers": { "x-page-route": "campaign", "x-unknown-path": "/mx" },
};

type Answer = { status: number; body: string; headers: Headers };
const get = async (origin: string, path: string, headers: Record<string, string> = {}): Promise<Answer> => {
  const response = await fetch(origin + path, { headers, redirect: "manual" });
  return { status: response.status, body: await response.text(), headers: response.headers };
};
const heroTitle = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

/**
 * `count` addresses, each kind in turn: by default every kind three times, enough for an entry stored per address
 * to show, where a larger flood would only cost the test more renders of the same pages.
 */
const addresses = (kinds: ((i: number) => string)[], count = kinds.length * 3) =>
  Array.from({ length: count }, (_, i) => kinds[i % kinds.length]!(i));

/** Requests every address, a few at a time, and returns the statuses seen, by status. */
async function flood(origin: string, paths: string[], headers: Record<string, string>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < paths.length; i += 5)
    answers.push(...(await Promise.all(paths.slice(i, i + 5).map((path) => get(origin, path, headers)))));
  return answers;
}

/** `count()` once it has not changed for a second: a page is stored after its response has been sent. */
async function settled(count: () => number | Promise<number>): Promise<number> {
  let last = await count();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await count();
    if (now === last) return now;
    last = now;
  }
}

function countFiles(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    count += entry.isDirectory() ? countFiles(join(dir, entry.name)) : 1;
  return count;
}

describe("with Next's own cache, on disk (the main build)", () => {
  let work: string;
  let site: string;
  let server: StandaloneServer;
  let dataset: string;
  const SLUG = `vista-previa-${randomUUID().slice(0, 8)}`;
  const DRAFT_TITLE = "Una página que aún no se publica";

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "page-cache-files-"));
    site = join(work, "site");
    copyStandalone(site);
    await emptyDatabaseDir(join(work, "pglite"));
    // The seed plus a campaign page that exists only as a draft, at an address no visitor can open yet.
    dataset = join(work, "landing.ndjson");
    cpSync("studio/seed/landing.ndjson", dataset);
    const published = readDataset(dataset).find((doc) => doc._id === "campaignPage.mx.importadores-china")!;
    const draft = structuredClone(published) as typeof published & {
      slug: { current: string };
      hero: { title: string };
    };
    draft._id = `drafts.campaignPage.mx.${SLUG}`;
    draft.slug.current = SLUG;
    draft.hero.title = DRAFT_TITLE;
    writeDataset([...readDataset(dataset), draft], dataset);
    server = await startStandalone(site, await freePort(), {
      LEADS_STORE: "embedded",
      EMBEDDED_DB_DIR: join(work, "pglite"),
      CONTENT_DATASET_FILE: dataset,
      CONTACT_RATE_LIMIT_PER_MINUTE: "0",
      CONTACT_PROOF_SECRET: E2E_SECRETS.CONTACT_PROOF_SECRET,
      DRAFT_MODE_SECRET: E2E_SECRETS.DRAFT_MODE_SECRET,
    });
    // Every real page once, so what is cached already is there before counting.
    for (const path of [...MARKET_PAGES, "/studio", "/mx/importadores-china", "/og/mx"])
      expect((await get(server.origin, path)).status, path).toBe(200);
  });

  afterAll(async () => {
    await server?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const entries = () => countFiles(join(site, ".next"));

  for (const [name, headers] of Object.entries(FORGERIES)) {
    test(`unknown addresses and addresses below a market, of every kind, with ${name}, add no entry on disk`, async () => {
      const before = await settled(entries);
      const titles = Object.fromEntries(
        await Promise.all(MARKETS.map(async (m) => [m, heroTitle((await get(server.origin, `/${m}`)).body)])),
      );
      const unknown = await flood(server.origin, addresses(UNKNOWN), headers);
      const paths = addresses(BELOW_MARKET);
      const below = await flood(server.origin, paths, headers);
      const studio = await flood(server.origin, addresses([(i) => `/studio/structure/flood-${i}`], 5), headers);
      expect((await settled(entries)) - before).toBe(0);
      // One 404 page for every unknown address, the market's page below a market, one Studio page below /studio.
      expect(unknown.filter((a) => a.status !== 404 || !a.body.includes("Oops! Page not found"))).toEqual([]);
      expect(below.map((a) => a.status)).toEqual(Array(paths.length).fill(200));
      expect(paths.filter((path, i) => heroTitle(below[i]!.body) !== titles[path.split("/")[1]!])).toEqual([]);
      const studioPage = (await get(server.origin, "/studio")).body;
      expect(studio.filter((a) => a.status !== 200 || a.body !== studioPage)).toEqual([]);
    });
  }

  test("a forged draft-mode cookie opens no draft: an address with only a draft shows the market's page", async () => {
    const answer = await get(server.origin, `/mx/${SLUG}`, FORGERIES["a forged draft-mode cookie"]);
    expect(answer.status).toBe(200);
    expect(heroTitle(answer.body)).toBe(heroTitle((await get(server.origin, "/mx")).body));
  });

  test("a draft session the site opened previews a page not published yet, rendered per request and never stored", async () => {
    const enable = await get(
      server.origin,
      `/api/draft-mode/enable?secret=${E2E_SECRETS.DRAFT_MODE_SECRET}&redirect=/mx/${SLUG}`,
    );
    expect(enable.status).toBe(307);
    const cookie = enable.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect(cookie).toMatch(/__prerender_bypass=.+; __draft_session=.+/);
    const before = await settled(entries);
    for (let i = 0; i < 3; i++) {
      const preview = await get(server.origin, `/mx/${SLUG}`, { cookie });
      expect(preview.status).toBe(200);
      expect(heroTitle(preview.body)).toBe(DRAFT_TITLE);
      expect(preview.headers.get("cache-control")).toMatch(/no-store/);
    }
    await flood(server.origin, addresses([(i) => `/mx/draft-flood-${i}`], 5), { cookie });
    expect((await settled(entries)) - before).toBe(0);
    // Without the session, the address is the market's page again.
    expect(heroTitle((await get(server.origin, `/mx/${SLUG}`)).body)).not.toBe(DRAFT_TITLE);
  });
});

describe("with the page cache in a Redis of its own (the Sanity-mode build, PAGE_CACHE=redis)", () => {
  const SECRET = "page-cache-revalidate-secret-0123456789";
  let work: string;
  // The records are given a Redis that evicts when full, as the review's was: the page cache must never fill it.
  let records: TestRedis;
  let pages: TestRedis;
  let lake: FakeSanityApi;
  let supabase: FakeSupabase;
  let dataset: string;
  let a: StandaloneServer;
  let b: StandaloneServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "page-cache-redis-"));
    [records, pages] = await Promise.all([
      startRedis({ maxmemory: "3mb", policy: "allkeys-lru" }),
      startRedis({ maxmemory: "64mb", policy: "allkeys-lru" }),
    ]);
    supabase = await startFakeSupabase(0);
    // Both instances read one Content Lake, as they would read one Sanity dataset.
    dataset = join(work, "landing.ndjson");
    cpSync("studio/seed/landing.ndjson", dataset);
    lake = await startFakeSanityApi(dataset);
    env = {
      NEXT_DIST_DIR: SANITY_MODE.distDir,
      NEXT_PUBLIC_SANITY_PROJECT_ID: SANITY_MODE.projectId,
      NEXT_PUBLIC_SANITY_DATASET: SANITY_MODE.dataset,
      SANITY_API_HOST: lake.url,
      SANITY_API_READ_TOKEN: "e2e-viewer-token",
      SANITY_REVALIDATE_SECRET: SECRET,
      REDIS_URL: records.url,
      PAGE_CACHE: "redis",
      PAGE_CACHE_REDIS_URL: pages.url,
      SUPABASE_URL: supabase.url,
      SUPABASE_ANON_KEY: "page-cache-anon-key",
      // Visits are not what this file tests.
      COUNT_VISITS: "off",
      CONVERSION_SIGNING_SECRET: "page-cache-conversion-secret-0123456789",
      CONTACT_RATE_LIMIT_PER_MINUTE: "100",
      CLIENT_IP_HEADER: "x-real-ip",
      CONTACT_PROOF_SECRET: E2E_SECRETS.CONTACT_PROOF_SECRET,
      // Each instance answers on a port of its own: its Host counts as the site's (the Origin check), as behind a proxy.
      FORWARDED_HOST_HEADER: "host",
    };
    copyStandalone(join(work, "a"), SANITY_MODE.distDir);
    copyStandalone(join(work, "b"), SANITY_MODE.distDir);
    [a, b] = await Promise.all([
      startStandalone(join(work, "a"), await freePort(), env),
      startStandalone(join(work, "b"), await freePort(), env),
    ]);
    for (const server of [a, b])
      for (const path of [...MARKET_PAGES, "/studio", "/mx/importadores-china"])
        expect((await get(server.origin, path)).status, path).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await Promise.all([records?.close(), pages?.close(), lake?.close(), supabase?.close()]);
    if (work) rmSync(work, { recursive: true, force: true });
  });

  async function keyNames(redis: TestRedis): Promise<string[]> {
    const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await client.connect();
      return (await client.keys("*")).sort();
    } finally {
      client.disconnect();
    }
  }
  const keys = async (redis: TestRedis) => (await keyNames(redis)).length;

  async function webhook(server: StandaloneServer, body: unknown) {
    const payload = JSON.stringify(body);
    const signature = await encodeSignatureHeader(payload, Date.now(), SECRET);
    return fetch(`${server.origin}/api/revalidate`, {
      method: "POST",
      body: payload,
      headers: { "content-type": "application/json", [SIGNATURE_HEADER_NAME]: signature },
    });
  }

  /** One submission from `ip` to `server`, with `proof`; the stored row's held_reason. */
  async function submit(server: StandaloneServer, ip: string, proof: string): Promise<string | null> {
    const headers = { "content-type": "application/json", origin: server.origin, "x-real-ip": ip };
    const body = { ...lead(1, randomUUID()), proof };
    const response = await fetch(`${server.origin}/api/contact`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    const row = (await supabase.rows()).find((r) => r.id === body.submissionId) as unknown as
      { held_reason: string | null } | undefined;
    return row!.held_reason;
  }

  test("a flood of unknown addresses, with and without a forged draft cookie, adds no Redis key; a spent proof stays spent", async () => {
    const proof = await proofFrom(a.origin, { "x-real-ip": "203.0.113.70" });
    expect(await submit(a, "203.0.113.70", proof)).toBeNull();
    await settled(() => keys(pages));
    const before = { records: await keyNames(records), pages: await keyNames(pages) };
    for (const headers of Object.values(FORGERIES)) {
      await flood(a.origin, addresses(UNKNOWN), headers);
      await flood(b.origin, addresses(BELOW_MARKET), headers);
    }
    await settled(() => keys(pages));
    const after = { records: await keyNames(records), pages: await keyNames(pages) };
    // The same solution again, on the other instance: still recorded as spent, so the lead is stored but held.
    expect(await submit(b, "203.0.113.71", proof)).toBe("spent_proof");
    // No key added to either (the records' own may only expire meanwhile).
    expect(after.pages).toEqual(before.pages);
    expect(after.records.filter((key) => !before.records.includes(key))).toEqual([]);
  });

  test("a Redis that may evict the records is named at start, once", async () => {
    for (const server of [a, b]) {
      await expect.poll(() => server.log(), { timeout: 10_000 }).toContain('"event":"redis.evicts_records"');
      expect(server.log().split('"event":"redis.evicts_records"')).toHaveLength(2);
      expect(server.log()).not.toContain("redis.shared_by_page_cache");
      expect(server.log()).not.toContain(records.url.split("@")[0]!.split(":").at(-1)!);
    }
  });

  test("a signed webhook to instance A refreshes the page on instance B", async () => {
    const title = async (server: StandaloneServer) => heroTitle((await get(server.origin, "/br")).body);
    const before = await title(b);
    expect(await title(a)).toBe(before);
    const edited = "Pagamentos ao mundo de qualquer instância";
    const restore = editDocument("landingPage.br", (doc) => ((doc.hero as { title: string }).title = edited), dataset);
    try {
      // Both keep serving the cached page until the webhook.
      expect(await title(b)).toBe(before);
      expect((await webhook(a, { _type: "landingPage", _id: "landingPage.br", market: "br" })).status).toBe(200);
      await expect.poll(() => title(b), { timeout: 15_000 }).toBe(edited);
      expect(await title(a)).toBe(edited);
    } finally {
      restore();
      await webhook(b, { _type: "landingPage", _id: "landingPage.br", market: "br" });
    }
    await expect.poll(() => title(a), { timeout: 15_000 }).toBe(before);
  });

  test("a campaign page published after the build, announced to instance A, appears on instance B", async () => {
    const path = "/ar/pymes-exportadoras";
    const marketTitle = heroTitle((await get(b.origin, "/ar")).body);
    expect(heroTitle((await get(b.origin, path)).body)).toBe(marketTitle);
    const docs = readDataset(dataset);
    const source = docs.find((doc) => doc._id === "campaignPage.ar.importadores")!;
    const id = "campaignPage.ar.pymes-exportadoras";
    const title = "Cobrá y pagá afuera sin vueltas";
    const published = {
      ...structuredClone(source),
      _id: id,
      slug: { _type: "slug", current: "pymes-exportadoras" },
      hero: { ...(source.hero as object), title },
    };
    writeDataset([...docs, published], dataset);
    try {
      expect((await webhook(a, { _type: "campaignPage", _id: id, market: "ar" })).status).toBe(200);
      await expect.poll(async () => heroTitle((await get(b.origin, path)).body), { timeout: 15_000 }).toBe(title);
    } finally {
      writeDataset(docs, dataset);
      await webhook(a, { _type: "campaignPage", _id: id, market: "ar" });
    }
    await expect.poll(async () => heroTitle((await get(b.origin, path)).body), { timeout: 15_000 }).toBe(marketTitle);
  });

  test("with the page cache's Redis stopped pages are still served, the outage logged once, and it is shared again after", async () => {
    await pages.stop();
    try {
      expect((await get(a.origin, "/ar")).status).toBe(200);
      await expect.poll(() => a.log(), { timeout: 10_000 }).toContain('"event":"page_cache.shared_unavailable"');
    } finally {
      await pages.start();
    }
    await expect.poll(() => a.log(), { timeout: 15_000 }).toContain('"event":"page_cache.shared_restored"');
    for (const path of MARKET_PAGES) expect((await get(a.origin, path)).status).toBe(200);
    await expect.poll(() => keys(pages), { timeout: 10_000 }).toBeGreaterThan(0);
  });

  test("a page cache in the records' Redis, or PAGE_CACHE=redis without its Redis, is refused at start, naming why", async () => {
    const sameServer = await startExpectingRefusal(join(work, "a"), await freePort(), {
      ...env,
      PAGE_CACHE_REDIS_URL: `${records.url}/1`,
    });
    expect(sameServer.code).toBe(1);
    expect(sameServer.output).toMatch(/PAGE_CACHE_REDIS_URL and REDIS_URL name the same Redis server/);
    const missing = await startExpectingRefusal(join(work, "a"), await freePort(), {
      ...env,
      PAGE_CACHE_REDIS_URL: "",
    });
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/PAGE_CACHE=redis .*PAGE_CACHE_REDIS_URL is unset/);
  });
});
