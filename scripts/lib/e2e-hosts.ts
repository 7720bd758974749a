// Loopback addresses of the browser tests' servers. Each Playwright worker has a set of its own (its own ports, data
// folders and copies of the builds: see playwright.config.ts), so tests that edit a dataset, switch the Supabase
// stand-in's faults or revalidate a page never race a test in another worker. E2E_PORT_BASE moves all of them, so
// two checkouts on one machine can run their suites side by side.
const root = Number(process.env.E2E_PORT_BASE || 3100);

/** Ports one worker's servers take, from its base up. */
export const PORTS_PER_WORKER = 20;

/** This process's worker (Playwright sets TEST_PARALLEL_INDEX in each; elsewhere it is worker 0's). */
export const E2E_WORKER = Number(process.env.TEST_PARALLEL_INDEX || 0);

/** The servers Playwright starts, then the ones single specs start and stop themselves (each its own port). */
export function e2ePorts(worker: number) {
  const base = root + worker * PORTS_PER_WORKER;
  return {
    embedded: base,
    supabase: base + 1,
    fakeSupabase: base + 2,
    fakeSanity: base + 3,
    sanity: base + 4,
    embeddedStore: base + 5,
    shutdown: base + 6,
    productionConfig: base + 7,
    instanceA: base + 8,
    instanceB: base + 9,
    refusal: base + 10,
    operations: base + 11,
    operationsRedis: base + 12,
    securityReview: base + 13,
    devServer: base + 14,
    docsServer: base + 15,
    flood: base + 16,
    studioHost: base + 17,
    revalidate: base + 18,
    leadStages: base + 19,
  } as const;
}

export function e2eHosts(worker: number) {
  const ports = e2ePorts(worker);
  return {
    embedded: `http://127.0.0.1:${ports.embedded}`,
    supabase: `http://127.0.0.1:${ports.supabase}`,
    fakeSupabase: `http://127.0.0.1:${ports.fakeSupabase}`,
    /** A local Content Lake (tests/support/sanity/fake-content-lake-api.ts) and the build in Sanity mode that reads it. */
    fakeSanity: `http://127.0.0.1:${ports.fakeSanity}`,
    sanity: `http://127.0.0.1:${ports.sanity}`,
  } as const;
}

/** A worker's data folder: each of its servers keeps its dataset, database and copy of the build below it. */
export const e2eDataDir = (worker: number) => `.data/e2e/w${worker}`;

/** The Sanity-mode build: its own output folder, its project id (whose hosts the browser tests answer). */
export function sanityMode(worker: number) {
  return {
    // At the root like .next: Next writes the standalone server.js as an ES module only when the package.json one
    // level above the dist dir says "type": "module".
    distDir: ".next-sanity-mode",
    projectId: "e2esanity",
    dataset: "production",
    /** The dataset file the local Content Lake of the Sanity-mode server answers from (tests may edit it). */
    datasetFile: `${e2eDataDir(worker)}/sanity/landing.ndjson`,
  } as const;
}

export const E2E_PORTS = e2ePorts(E2E_WORKER);
/** Where tests/support/servers/serve-e2e-workers.ts answers once every worker's servers are up: worker 0's last port. */
export const E2E_READY_PORT = root + PORTS_PER_WORKER - 1;
export const E2E_HOSTS = e2eHosts(E2E_WORKER);
export const SANITY_MODE = sanityMode(E2E_WORKER);

/** The pixel id the browser-test build carries, so every page test runs with the consent banner in place. */
export const E2E_PIXEL_ID = "1234567890";

/**
 * The origins the two builds were made for (NEXT_PUBLIC_SITE_URL, inlined at build time: canonical links, hreflang,
 * the sitemap): worker 0's servers. Every worker's copy of a build names these.
 */
export const E2E_SITE_URLS = { main: e2eHosts(0).embedded, sanity: e2eHosts(0).sanity } as const;
