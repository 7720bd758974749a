// The tests run programs from Debian rather than downloading their own: Chromium and its headless shell (Playwright
// may not download a browser here), redis-server (the many-instances tests) and Java (the W3C HTML checker, vnu.jar).
// Usage: `node scripts/ensure-system-tools.mjs [tool…]`, every tool when none is named. The missing ones are installed
// when this machine allows (root + apt); otherwise the run stops with a one-line instruction for each. Node's own
// modules only, so the system's Node runs it too, before or while npm installs.
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
  "chromium-headless-shell": {
    override: "CHROMIUM_HEADLESS_SHELL_PATH",
    found: () => existsSync(process.env.CHROMIUM_HEADLESS_SHELL_PATH || "/usr/bin/chromium-headless-shell"),
    apt: "chromium-headless-shell",
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

const named = process.argv.slice(2);
const missing = (named.length ? named : Object.keys(TOOLS)).filter((name) => {
  if (!TOOLS[name]) throw new Error(`unknown tool ${name}: one of ${Object.keys(TOOLS).join(", ")}`);
  return !TOOLS[name].found();
});
// One apt run for all of them: each `apt-get update` costs seconds.
const installable = missing.filter((name) => !process.env[TOOLS[name].override]);
if (installable.length && isRoot && hasApt) {
  const packages = installable.map((name) => TOOLS[name].apt).join(" ");
  console.log(`${installable.join(", ")} not found: installing Debian's ${packages}…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
    stdio: "inherit",
  });
}
const still = missing.filter((name) => !TOOLS[name].found());
for (const name of still) {
  const tool = TOOLS[name];
  console.error(
    `${name} is missing: run \`sudo apt-get install -y ${tool.apt}\` (or set ${tool.override}), then re-run the tests.`,
  );
}
if (still.length) process.exit(1);
