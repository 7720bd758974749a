// Gives one test server a fresh data folder: an editable copy of the seed dataset plus the draft fixtures the
// preview tests show.
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
if (!dir) throw new Error("usage: prepare-e2e-data.mjs <dir>");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
cpSync("studio/seed/landing.ndjson", join(dir, "landing.ndjson"));
appendFileSync(join(dir, "landing.ndjson"), readFileSync("tests/fixtures/landing-drafts.ndjson"));
