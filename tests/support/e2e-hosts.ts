// Loopback addresses of the browser tests' servers. E2E_PORT_BASE moves all of them, so two checkouts on one
// machine can run their suites side by side.
const base = Number(process.env.E2E_PORT_BASE || 3100);

/** The servers Playwright starts, then the ones single specs start and stop themselves (each its own port). */
export const E2E_PORTS = {
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
  studioHost: base + 16,
} as const;

export const E2E_HOSTS = {
  embedded: `http://127.0.0.1:${E2E_PORTS.embedded}`,
  supabase: `http://127.0.0.1:${E2E_PORTS.supabase}`,
  fakeSupabase: `http://127.0.0.1:${E2E_PORTS.fakeSupabase}`,
  /** A local Content Lake (tests/support/fake-sanity-api.ts) and the build in Sanity mode that reads it. */
  fakeSanity: `http://127.0.0.1:${E2E_PORTS.fakeSanity}`,
  sanity: `http://127.0.0.1:${E2E_PORTS.sanity}`,
} as const;

/** The Sanity-mode build: its own output folder, its project id (whose hosts the browser tests answer). */
export const SANITY_MODE = {
  distDir: ".data/next-sanity-mode",
  projectId: "e2esanity",
  dataset: "production",
  /** The dataset file the local Content Lake of the Sanity-mode server answers from (tests may edit it). */
  datasetFile: ".data/e2e/sanity/landing.ndjson",
} as const;
