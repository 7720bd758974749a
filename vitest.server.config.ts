// The server tests (tests/server): no browser, but the e2e build's servers, so they run after
// scripts/build-for-e2e.mjs, before Playwright (`npm run test:e2e`). Otherwise as vitest.config.ts.
import { defineConfig } from "vitest/config";
import base from "./vitest.config";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: undefined,
    include: ["tests/server/**/*.test.ts"],
    // `vitest list` only names the tests: no server.
    globalSetup: process.argv.includes("list") ? [] : ["tests/server/global-setup.ts"],
    // Playwright's defaults, which these tests were written against.
    expect: { poll: { timeout: 5_000, interval: 100 } },
  },
});
