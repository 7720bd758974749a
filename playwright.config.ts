import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./tests/support/chromium";

const EMBEDDED = "http://127.0.0.1:3100";
const SUPABASE_MODE = "http://127.0.0.1:3101";
const FAKE_SUPABASE = "http://127.0.0.1:3102";

/** Environment of a `next start` test server; each gets its own editable dataset and database. */
function serverEnv(dir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    CONTENT_DATASET_FILE: `${dir}/landing.ndjson`,
    EMBEDDED_DB_DIR: `${dir}/pglite`,
    SANITY_REVALIDATE_SECRET: "e2e-revalidate-secret",
    DRAFT_MODE_SECRET: "e2e-draft-secret",
    CONTACT_RATE_LIMIT_PER_MINUTE: "5",
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
      env: { FAKE_SUPABASE_PORT: "3102" },
    },
    {
      command: "node tests/support/prepare-e2e-data.mjs .data/e2e/embedded && NEXT_TELEMETRY_DISABLED=1 next start -H 127.0.0.1 -p 3100",
      url: `${EMBEDDED}/mx`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: serverEnv(".data/e2e/embedded"),
    },
    {
      command: "node tests/support/prepare-e2e-data.mjs .data/e2e/supabase && NEXT_TELEMETRY_DISABLED=1 next start -H 127.0.0.1 -p 3101",
      url: `${SUPABASE_MODE}/mx`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: serverEnv(".data/e2e/supabase", {
        SUPABASE_URL: FAKE_SUPABASE,
        SUPABASE_ANON_KEY: "e2e-anon-key",
        SUPABASE_TIMEOUT_MS: "1000",
      }),
    },
  ],
});
