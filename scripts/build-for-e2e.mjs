// The production builds the browser tests run against. Dummy server secrets are present at build time so a test
// can prove none of them ends up in the browser's files (.next/static). A second build carries a Meta pixel id
// (inlined at build time, and the pages are static), so the pixel's Lead can be tested while every other test
// proves a page without a pixel makes no third-party request.
import { execSync } from "node:child_process";
import { E2E_HOSTS, E2E_PIXEL_DIST_DIR, E2E_PIXEL_ID } from "../tests/support/e2e-hosts.ts";

const env = {
  ...process.env,
  NEXT_PUBLIC_SITE_URL: E2E_HOSTS.embedded,
  SUPABASE_URL: E2E_HOSTS.fakeSupabase,
  SUPABASE_ANON_KEY: "dummy-supabase-anon-key-must-not-ship",
  SANITY_API_READ_TOKEN: "dummy-sanity-read-token-must-not-ship",
  SANITY_REVALIDATE_SECRET: "e2e-revalidate-secret",
  DRAFT_MODE_SECRET: "e2e-draft-secret",
};

execSync("NEXT_TELEMETRY_DISABLED=1 next build", { stdio: "inherit", env });
execSync("NEXT_TELEMETRY_DISABLED=1 next build", {
  stdio: "inherit",
  env: { ...env, NEXT_PUBLIC_SITE_URL: E2E_HOSTS.pixel, NEXT_PUBLIC_META_PIXEL_ID: E2E_PIXEL_ID, NEXT_DIST_DIR: E2E_PIXEL_DIST_DIR },
});
