// One browser-test server (playwright.config.ts): `serve-e2e-build.ts <distDir> <dataDir>` gives it a fresh data
// folder (the seed and the draft fixtures, an empty database: see empty-database.ts), its own copy of the standalone
// build (what its revalidations write stays its own), then becomes that copy's `node server.js` on PORT and HOSTNAME.
import { execFileSync } from "node:child_process";
import { copyFileSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { emptyDatabaseDir } from "../supabase/empty-database.ts";
import { copyStandalone } from "../../../scripts/lib/standalone-server.ts";

const [distDir, dataDir] = process.argv.slice(2);
if (!distDir || !dataDir) throw new Error("usage: serve-e2e-build.ts <distDir> <dataDir>");
execFileSync(process.execPath, ["tests/support/servers/prepare-e2e-data.mjs", dataDir], { stdio: "inherit" });
await emptyDatabaseDir(resolve(dataDir, "pglite"));
const site = resolve(dataDir, "site");
copyStandalone(site, distDir);
// server.js works in its own folder: the data it is given is named from the repository.
// A build folder below the top of the repository gets a CommonJS server.js (see scripts/start-standalone.mjs).
let server = join(site, "server.js");
if (!/^import /m.test(readFileSync(server, "utf8"))) {
  copyFileSync(server, join(site, "server.cjs"));
  server = join(site, "server.cjs");
}
process.execve!(process.execPath, [process.execPath, server], {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_DIST_DIR: distDir,
  CONTENT_DATASET_FILE: resolve(dataDir, "landing.ndjson"),
  EMBEDDED_DB_DIR: resolve(dataDir, "pglite"),
});
