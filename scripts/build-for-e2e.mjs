// The production build the browser tests run against. Dummy server secrets are present at build time so a test
// can prove none of them ends up in the browser's files (.next/static).
import { execSync } from "node:child_process";

execSync("NEXT_TELEMETRY_DISABLED=1 next build", {
  stdio: "inherit",
  env: {
    ...process.env,
    NEXT_PUBLIC_SITE_URL: "http://127.0.0.1:3100",
    SUPABASE_URL: "http://127.0.0.1:3102",
    SUPABASE_ANON_KEY: "dummy-supabase-anon-key-must-not-ship",
    SANITY_API_READ_TOKEN: "dummy-sanity-read-token-must-not-ship",
    SANITY_REVALIDATE_SECRET: "e2e-revalidate-secret",
    DRAFT_MODE_SECRET: "e2e-draft-secret",
  },
});
