import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { writePhoneMetadata } from "./lib/build/phone-metadata";

const root = fileURLToPath(new URL(".", import.meta.url));
// The browser's phone check is tested against the server's, on the metadata a build generates.
writePhoneMetadata(root);

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
    // Each section type keeps its test in its own folder (sections/<name>/).
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "sections/**/*.test.tsx"],
    setupFiles: ["tests/support/quiet-logs.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
