import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { writePhoneMetadata } from "./lib/build/phone-metadata";
import { writePageScripts } from "./lib/build/page-scripts";

const root = fileURLToPath(new URL(".", import.meta.url));
// The browser's phone check is tested against the server's, on the metadata a build generates.
writePhoneMetadata(root);
// The page's inline scripts are tested as the page runs them.
writePageScripts(root);

export default defineConfig({
  resolve: {
    alias: {
      "@/": root,
      // `server-only` throws outside React Server Components; unit tests run that code directly.
      "server-only": fileURLToPath(new URL("./tests/support/server-only.ts", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    // A test of browser code chooses its DOM per file (`// @vitest-environment happy-dom`); each section type keeps
    // its test in its own folder (sections/<name>/).
    setupFiles: ["tests/support/telemetry/quiet-logs.ts"],
    // One file per core, at least two: Vitest's default (one fewer than the cores) runs them one at a time on two
    // cores, while many of them mostly wait on a deadline or a server.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Child processes (Vitest's default pool), not worker threads: threads take a little less CPU, but under Node 24 they
    // can end the whole run in a segmentation fault.
    projects: [
      // Pure modules, tested in any order: their files share a worker's loaded modules rather than each loading them
      // again.
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}", "sections/**/*.test.tsx"],
          isolate: false,
        },
      },
      // Each file alone: these set the server's environment, which the code reads once per process, and keep databases,
      // limiters and caches per process.
      { extends: true, test: { name: "integration", include: ["tests/integration/**/*.test.ts"] } },
    ],
  },
});
