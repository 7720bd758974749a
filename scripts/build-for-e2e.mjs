// The production build the browser tests run against. Dummy server secrets are present at build time so a test
// can prove none of them ends up in the browser's files (.next/static). A Meta pixel id is set, as in production,
// so every page test runs with the tracking-consent banner (Meta's hosts are answered by route interception).
import { execSync } from "node:child_process";
import { E2E_HOSTS } from "../tests/support/e2e-hosts.ts";
import { E2E_PIXEL_ID } from "../tests/support/fake-meta-pixel.ts";

execSync("NEXT_TELEMETRY_DISABLED=1 next build", {
  stdio: "inherit",
  env: {
    ...process.env,
    NEXT_PUBLIC_SITE_URL: E2E_HOSTS.embedded,
    NEXT_PUBLIC_META_PIXEL_ID: E2E_PIXEL_ID,
    SUPABASE_URL: E2E_HOSTS.fakeSupabase,
    SUPABASE_ANON_KEY: "dummy-supabase-anon-key-must-not-ship",
    SANITY_API_READ_TOKEN: "dummy-sanity-read-token-must-not-ship",
    SANITY_REVALIDATE_SECRET: "e2e-revalidate-secret",
    DRAFT_MODE_SECRET: "e2e-draft-secret",
  },
});
