// Times what CI runs: `node scripts/measure-suite.mjs` runs `npm test`, whose own table times each of its steps;
// `--ci` runs `npm ci` first, as .ci/run does on a fresh clone. Each command gets its wall-clock time and the CPU time
// of every process it ran (user + system; see cpu-accounting.mjs), so a run on a busy machine still says how much
// work the suite is: on a shared machine the wall clock grows, the CPU time barely.
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
  // `npm test` (scripts/run-suite.mjs) prints each of its steps' wall clock and CPU time; this adds the install.
  const steps = ci ? ["npm ci --no-audit --no-fund", "E2E_TRACE=off npm test"] : ["npm test"]; // as .ci/run
  const rows = [];
  for (const [index, step] of steps.entries()) {
    const metered = meteredCommand(`measure-${index}`, step);
    const start = Date.now();
    const { status, output } = spawnSync("bash", ["-c", metered.command], {
      stdio: ["inherit", "inherit", "inherit", "pipe"],
      encoding: "utf8",
    });
    rows.push({ step, wall: (Date.now() - start) / 1000, cpu: metered.seconds(output[3]), status });
  }
  const total = rows.reduce((t, r) => ({ wall: t.wall + r.wall, cpu: t.cpu + r.cpu }), { wall: 0, cpu: 0 });
  console.log("\n| command | wall clock | CPU (user + system) |\n|---|---|---|");
  for (const r of rows)
    console.log(`| \`${r.step}\`${r.status ? ` (exit ${r.status})` : ""} | ${minutes(r.wall)} | ${minutes(r.cpu)} |`);
  console.log(`| total | ${minutes(total.wall)} | ${minutes(total.cpu)} |`);
  process.exitCode = rows.some((r) => r.status !== 0) ? 1 : 0;
}

if (process.argv.includes("--count")) count();
else measure(process.argv.includes("--ci"));
