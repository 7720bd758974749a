// Times what CI runs: `node scripts/measure-suite.mjs` runs `npm test`, whose own table times each of its steps;
// `--ci` runs .ci/run instead (the install, then `npm test`), as CI does on a fresh clone. The run gets its wall
// clock and the CPU time of every process it ran (user + system; see cpu-accounting.mjs), so a run on a busy machine
// still says how much work the suite is: on a shared machine the wall clock grows, the CPU time barely.
// `--count` prints how many tests Vitest and Playwright run instead.
import { execSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { meteredCommand } from "./cpu-accounting.mjs";

const minutes = (seconds) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
};

function count() {
  const run = (command) => execSync(command, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  const vitest = (config) =>
    run(`npx vitest list ${config}`)
      .split("\n")
      .filter((l) => l.includes(" > ")).length;
  const unit = vitest("");
  const server = existsSync("vitest.server.config.ts") ? vitest("--config vitest.server.config.ts") : 0;
  const playwright = Number(/Total: (\d+) tests?/.exec(run("npx playwright test --list"))?.[1] ?? NaN);
  console.log(
    `Vitest ${unit} (unit and integration) + ${server} (server tests), Playwright ${playwright}: ` +
      `${unit + server + playwright} in all`,
  );
}

function measure(ci) {
  // `npm test` (scripts/run-suite.mjs) prints each of its steps' wall clock and CPU time; this adds the whole run's.
  const command = ci ? "bash .ci/run" : "npm test";
  const metered = meteredCommand("measure", command);
  const start = Date.now();
  const { status, output } = spawnSync("bash", ["-c", metered.command], {
    stdio: ["inherit", "inherit", "inherit", "pipe"],
    encoding: "utf8",
  });
  const wall = (Date.now() - start) / 1000;
  console.log("\n| command | wall clock | CPU (user + system) |\n|---|---|---|");
  console.log(
    `| \`${command}\`${status ? ` (exit ${status})` : ""} | ${minutes(wall)} | ${minutes(metered.seconds(output[3]))} |`,
  );
  process.exitCode = status === 0 ? 0 : 1;
}

if (process.argv.includes("--count")) count();
else measure(process.argv.includes("--ci"));
