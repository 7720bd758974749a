// The tests run programs from Debian rather than downloading their own: Chromium (Playwright may not download a
// browser here), redis-server (the many-instances tests) and Java (the W3C HTML checker, vnu.jar). Usage:
// `node scripts/ensure-system-tools.mjs chromium redis-server java`. Each missing one is installed when this
// machine allows (root + apt); otherwise the run stops with a one-line instruction.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const runs = (command) => {
  try {
    execSync(command, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

const TOOLS = {
  chromium: {
    override: "CHROMIUM_PATH",
    found: () => existsSync(process.env.CHROMIUM_PATH || "/usr/bin/chromium"),
    apt: "chromium",
  },
  "redis-server": {
    override: "REDIS_SERVER_PATH",
    found: () => runs(`${process.env.REDIS_SERVER_PATH || "redis-server"} --version`),
    apt: "redis-server",
  },
  java: {
    override: "JAVA_PATH",
    // vnu.jar needs Java 11 or later; `java -version` prints to stderr.
    found: () => {
      try {
        const out = execSync(`${process.env.JAVA_PATH || "java"} -version 2>&1`, { encoding: "utf8" });
        return Number(/version "(\d+)/.exec(out)?.[1] ?? 0) >= 11;
      } catch {
        return false;
      }
    },
    apt: "openjdk-17-jre-headless",
  },
};

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = runs("command -v apt-get");

for (const name of process.argv.slice(2)) {
  const tool = TOOLS[name];
  if (!tool) throw new Error(`unknown tool ${name}: one of ${Object.keys(TOOLS).join(", ")}`);
  if (tool.found()) continue;
  if (isRoot && hasApt && !process.env[tool.override]) {
    console.log(`${name} not found: installing Debian's ${tool.apt} package…`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${tool.apt}`, {
      stdio: "inherit",
    });
    if (tool.found()) continue;
  }
  console.error(
    `${name} is missing: run \`sudo apt-get install -y ${tool.apt}\` (or set ${tool.override}), then re-run the tests.`,
  );
  process.exit(1);
}
