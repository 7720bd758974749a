import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./tests/support/chromium";
import { E2E_HOSTS, E2E_PORTS, SANITY_MODE } from "./tests/support/e2e-hosts";
import { E2E_SECRETS } from "./tests/support/e2e-secrets";

const EMBEDDED = E2E_HOSTS.embedded;
const SUPABASE_MODE = E2E_HOSTS.supabase;
const FAKE_SUPABASE = E2E_HOSTS.fakeSupabase;

/** Environment of a `next start` test server; each gets its own editable dataset and database. */
function serverEnv(dir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    CONTENT_DATASET_FILE: `${dir}/landing.ndjson`,
    EMBEDDED_DB_DIR: `${dir}/pglite`,
    SANITY_REVALIDATE_SECRET: E2E_SECRETS.SANITY_REVALIDATE_SECRET,
    DRAFT_MODE_SECRET: E2E_SECRETS.DRAFT_MODE_SECRET,
    // The proof of work is on: the browser tests solve it in the form's worker; scripted posts fetch and solve one.
    CONTACT_PROOF_SECRET: E2E_SECRETS.CONTACT_PROOF_SECRET,
    CONTACT_RATE_LIMIT_PER_MINUTE: "5",
    // A production server states where leads go and where the client's address comes from (tests set X-Real-IP).
    LEADS_STORE: "embedded",
    CLIENT_IP_HEADER: "x-real-ip",
    ...extra,
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: EMBEDDED,
    trace: "retain-on-failure",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  // `npm run test:e2e` builds once; these serve that build.
  webServer: [
    {
      command: "node tests/support/fake-supabase-server.ts",
      url: `${FAKE_SUPABASE}/__control/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // Its meta-conversion endpoint checks signatures as the real function does.
      env: {
        FAKE_SUPABASE_PORT: String(E2E_PORTS.fakeSupabase),
        FAKE_CONVERSION_SIGNING_SECRET: E2E_SECRETS.CONVERSION_SIGNING_SECRET,
      },
    },
    {
      command: `node tests/support/prepare-e2e-data.mjs .data/e2e/embedded && NEXT_TELEMETRY_DISABLED=1 next start -H 127.0.0.1 -p ${E2E_PORTS.embedded}`,
      url: `${EMBEDDED}/mx`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: serverEnv(".data/e2e/embedded"),
    },
    {
      command: `node tests/support/prepare-e2e-data.mjs .data/e2e/supabase && NEXT_TELEMETRY_DISABLED=1 next start -H 127.0.0.1 -p ${E2E_PORTS.supabase}`,
      url: `${SUPABASE_MODE}/mx`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: serverEnv(".data/e2e/supabase", {
        LEADS_STORE: "",
        SUPABASE_URL: FAKE_SUPABASE,
        SUPABASE_ANON_KEY: "e2e-anon-key",
        SUPABASE_TIMEOUT_MS: "1000",
        CONVERSION_SIGNING_SECRET: E2E_SECRETS.CONVERSION_SIGNING_SECRET,
        // The same build as the embedded server's, answering on a second host: this one trusts its Host header, as a
        // deployment whose proxy routes only its own hostnames to it may.
        FORWARDED_HOST_HEADER: "host",
      }),
    },
    {
      // Its own editable copy of the seed plus the draft fixtures, like the embedded servers'.
      command: `node tests/support/prepare-e2e-data.mjs .data/e2e/sanity && node tests/support/fake-sanity-server.ts ${E2E_PORTS.fakeSanity} ${SANITY_MODE.datasetFile}`,
      url: `${E2E_HOSTS.fakeSanity}/v1/data/query/${SANITY_MODE.dataset}?query=1`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The Sanity-mode build (scripts/build-for-e2e.mjs), reading the local Content Lake above.
      command: `NEXT_TELEMETRY_DISABLED=1 next start -H 127.0.0.1 -p ${E2E_PORTS.sanity}`,
      url: `${E2E_HOSTS.sanity}/studio`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NEXT_DIST_DIR: SANITY_MODE.distDir,
        NEXT_PUBLIC_SANITY_PROJECT_ID: SANITY_MODE.projectId,
        NEXT_PUBLIC_SANITY_DATASET: SANITY_MODE.dataset,
        SANITY_API_HOST: E2E_HOSTS.fakeSanity,
        SANITY_API_READ_TOKEN: "e2e-viewer-token",
        LEADS_STORE: "embedded",
        CLIENT_IP_HEADER: "x-real-ip",
        CONTACT_PROOF_SECRET: E2E_SECRETS.CONTACT_PROOF_SECRET,
      },
    },
  ],
});
