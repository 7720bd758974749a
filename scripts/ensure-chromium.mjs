// Browser tests use Debian's Chromium (Playwright may not download its own browser here). Installs it when
// this machine allows (root + apt), otherwise stops with a one-line instruction.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = existsSync("/usr/bin/apt-get");
if (isRoot && hasApt) {
  console.log(`Chromium not found at ${path}: installing Debian's chromium package…`);
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
  if (existsSync(path)) process.exit(0);
}
console.error(`Chromium is missing: run \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH to a Chromium binary), then re-run the tests.`);
process.exit(1);
