import { defineConfig, devices } from "@playwright/test";
import { availableParallelism } from "node:os";
import { chromiumArgs, chromiumPath } from "./tests/support/chromium";
import { E2E_HOSTS, E2E_READY_PORT } from "./tests/support/e2e-hosts";

/**
 * One worker per core (E2E_WORKERS or `--workers` says otherwise). Every worker gets its own servers (below), so
 * any two tests may run at once; within a worker they run one after another.
 */
const cliWorkers = /(?:--workers[= ]|-j ?)(\d+)/.exec(process.argv.slice(2).join(" "))?.[1];
const WORKERS = Number(cliWorkers || process.env.E2E_WORKERS) || availableParallelism();

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: WORKERS,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: E2E_HOSTS.embedded,
    trace: "retain-on-failure",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  // Every worker's servers (tests/support/e2e-servers.ts), started at once by one command rather than one entry each,
  // which Playwright would start one after another. SIGTERM lets it stop them, each in a process group of its own.
  webServer: {
    name: "test servers",
    command: `node tests/support/serve-e2e-workers.ts ${WORKERS}`,
    url: `http://127.0.0.1:${E2E_READY_PORT}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
  },
});
