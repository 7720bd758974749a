// The production builds the browser tests run against. Dummy server secrets are present at build time so a test
// can prove none of them ends up in the browser's files (.next/static). The main build carries a Meta pixel id, as
// in production, so every page test runs with the tracking-consent banner (Meta's hosts are answered by route
// interception). A second build in Sanity
// mode (its own output folder) proves the embedded Studio boots under its CSP; its pages are generated from a
// local Content Lake started here for the duration of that build. It is built to share its page cache through Redis
// (PAGE_CACHE=redis), so the tests of several instances run it.
import { execSync, spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { E2E_HOSTS, E2E_PIXEL_ID, E2E_PORTS, SANITY_MODE } from "./lib/e2e-hosts.ts";
import { E2E_SECRETS } from "./lib/e2e-secrets.ts";

execSync("NEXT_TELEMETRY_DISABLED=1 next build", {
  stdio: "inherit",
  env: {
    ...process.env,
    NEXT_PUBLIC_SITE_URL: E2E_HOSTS.embedded,
    NEXT_PUBLIC_META_PIXEL_ID: E2E_PIXEL_ID,
    SUPABASE_URL: E2E_HOSTS.fakeSupabase,
    SUPABASE_ANON_KEY: "dummy-supabase-anon-key-must-not-ship",
    SUPABASE_SECRET_KEY: "dummy-supabase-secret-key-must-not-ship",
    SANITY_API_READ_TOKEN: "dummy-sanity-read-token-must-not-ship",
    ...E2E_SECRETS,
  },
});

// The static files beside the standalone server, as `npm start` puts them there: the tests start several servers of
// this build at once, and none has to copy them.
cpSync(".next/static", ".next/standalone/.next/static", { recursive: true });

// Next keeps fetched data between builds; the local Content Lake's answers must come from today's seed.
rmSync(`${SANITY_MODE.distDir}/cache/fetch-cache`, { recursive: true, force: true });
// Next adds every build folder's types to tsconfig.json; this one is a test artefact, so the file is put back.
const tsconfig = readFileSync("tsconfig.json", "utf8");
const lake = spawn(
  process.execPath,
  ["tests/support/sanity/fake-content-lake-process.ts", String(E2E_PORTS.fakeSanity)],
  {
    stdio: ["ignore", "pipe", "inherit"],
  },
);
await once(lake.stdout, "data");
try {
  execSync("NEXT_TELEMETRY_DISABLED=1 next build", {
    stdio: "inherit",
    env: {
      ...process.env,
      NEXT_DIST_DIR: SANITY_MODE.distDir,
      NEXT_PUBLIC_SITE_URL: E2E_HOSTS.sanity,
      NEXT_PUBLIC_SANITY_PROJECT_ID: SANITY_MODE.projectId,
      NEXT_PUBLIC_SANITY_DATASET: SANITY_MODE.dataset,
      SANITY_API_HOST: E2E_HOSTS.fakeSanity,
      // Its page cache is shared through Redis when a server is given one (PAGE_CACHE_REDIS_URL), as several instances
      // run it; tests/server/page-cache.test.ts does.
      PAGE_CACHE: "redis",
    },
  });
} finally {
  lake.kill("SIGTERM");
  writeFileSync("tsconfig.json", tsconfig);
}
