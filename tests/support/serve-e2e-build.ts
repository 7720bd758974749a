// One browser-test server (playwright.config.ts): `serve-e2e-build.ts <distDir> <dataDir>` gives it a fresh data
// folder (the seed and the draft fixtures, an empty database), its own copy of the standalone build (what its
// revalidations write stays its own), then becomes that copy's `node server.js` on PORT and HOSTNAME.
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { copyStandalone } from "./standalone-server.ts";

const [distDir, dataDir] = process.argv.slice(2);
if (!distDir || !dataDir) throw new Error("usage: serve-e2e-build.ts <distDir> <dataDir>");
execFileSync(process.execPath, ["tests/support/prepare-e2e-data.mjs", dataDir], { stdio: "inherit" });
const site = resolve(dataDir, "site");
copyStandalone(site, distDir);
// server.js works in its own folder: the data it is given is named from the repository.
process.execve!(process.execPath, [process.execPath, join(site, "server.js")], {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_DIST_DIR: distDir,
  CONTENT_DATASET_FILE: resolve(dataDir, "landing.ndjson"),
  EMBEDDED_DB_DIR: resolve(dataDir, "pglite"),
});
