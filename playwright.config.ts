import { defineConfig, devices } from "@playwright/test";
import { availableParallelism } from "node:os";
import { chromiumArgs, chromiumPath, headlessShellPath } from "./scripts/lib/chromium";
import { E2E_HOSTS, E2E_READY_PORT } from "./scripts/lib/e2e-hosts";

/**
 * One worker per core (E2E_WORKERS or `--workers` says otherwise). Every worker gets its own servers (below), so
 * any two tests may run at once; within a worker they run one after another.
 */
const cliWorkers = /(?:--workers[= ]|-j ?)(\d+)/.exec(process.argv.slice(2).join(" "))?.[1];
const WORKERS = Number(cliWorkers || process.env.E2E_WORKERS) || availableParallelism();
const FULL_BROWSER = /@full-browser/;

export default defineConfig({
  testDir: "tests/e2e",
  // As in Vitest, `server-only` is a stand-in: a test signs a stage link with the site's own function.
  tsconfig: "tests/e2e/playwright.tsconfig.json",
  fullyParallel: true,
  workers: WORKERS,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: E2E_HOSTS.embedded,
    // A failed test's trace keeps the DOM at each step, the network and the console, not a screencast of every
    // frame, which would cost every test far more CPU. Recording even this costs CPU, so E2E_TRACE=off (CI, whose
    // files nobody can open afterwards) records none.
    trace: process.env.E2E_TRACE === "off" ? "off" : { mode: "retain-on-failure", screenshots: false },
    // A visitor who asks for less motion: the page jumps where a test scrolls it rather than gliding there, so the
    // headless browser does not repaint the whole page in software for every frame of a glide, which would make each
    // scroll cost more CPU than a page load. The smooth scroll is tested where it is the behaviour (landing.spec.ts).
    reducedMotion: "reduce",
  },
  // Chromium's headless shell, as Playwright's own headless runs use. A test tagged @full-browser checks what the two
  // differ on, in the full browser a visitor's Chrome is (it loads lazy images only nearer the screen).
  projects: [
    {
      name: "chromium",
      grepInvert: FULL_BROWSER,
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        launchOptions: { executablePath: headlessShellPath, args: chromiumArgs },
      },
    },
    {
      name: "full chromium",
      grep: FULL_BROWSER,
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
      },
    },
  ],
  // Every worker's servers (tests/support/servers/e2e-servers.ts), started at once by one command rather than one entry each,
  // which Playwright would start one after another. SIGTERM lets it stop them, each in a process group of its own.
  webServer: {
    name: "test servers",
    command: `node tests/support/servers/serve-e2e-workers.ts ${WORKERS}`,
    url: `http://127.0.0.1:${E2E_READY_PORT}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
  },
});
