// `npm test`: every check and test, in stages. Within a stage its lanes run side by side, since one lane mostly
// waits on a single-threaded tool (tsc, ESLint, a browser) while the other keeps the second core busy; a lane's steps
// run in order, and a stage starts once the one before has passed. Each step's output is printed whole when it ends,
// so side-by-side steps never interleave their lines, then a table gives each step's wall clock and CPU time.
import { spawn } from "node:child_process";

/** Stages of lanes of npm scripts. Steps that write the same files stay in one lane (see each). */
const STAGES = [
  // `typecheck` regenerates the Sanity types and Next's route types that tsc and the builds read. The system tools
  // (apt, which takes one installer at a time) are installed here, before the steps that need them.
  [
    ["format:check", "typecheck"],
    ["test:tools", "lint"],
  ],
  // The unit tests and the Studio's build read no build output; the e2e builds write only their own folders.
  [["test:unit", "studio:build"], ["e2e:build"]],
  // The server tests and Playwright start the same worker's servers (their ports), so they run one after another.
  [["test:server", "test:browser"]],
];

const seconds = (text) => {
  const [, m, s] = /(\d+)m([\d.]+)s/.exec(text) ?? [, "0", "0"];
  return Number(m) * 60 + Number(s);
};
const clock = (seconds) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
};

/** Runs `npm run <script>`; resolves with its exit code, wall clock and the CPU time of everything it ran. */
function runStep(script) {
  const start = Date.now();
  // bash's `times` prints the CPU time of its finished children (user, system) on its second line.
  const child = spawn("bash", ["-c", `npm run --silent ${script}; status=$?; times >&3; exit $status`], {
    stdio: ["ignore", "pipe", "pipe", "pipe"],
  });
  let output = "";
  let times = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  child.stdio[3].on("data", (chunk) => (times += chunk));
  return new Promise((resolve) => {
    child.on("close", (code) => {
      const [user, system] = (times.trim().split("\n")[1] ?? "").split(" ");
      const result = { script, code, wall: (Date.now() - start) / 1000, cpu: seconds(user) + seconds(system) };
      const verdict = code === 0 ? "passed" : `FAILED (exit ${code})`;
      process.stdout.write(`\n━━ npm run ${script}: ${verdict} in ${clock(result.wall)} ━━\n${output}`);
      resolve(result);
    });
  });
}

const results = [];
const start = Date.now();
for (const stage of STAGES) {
  const lanes = await Promise.all(
    stage.map(async (lane) => {
      for (const script of lane) {
        const result = await runStep(script);
        results.push(result);
        if (result.code !== 0) return false;
      }
      return true;
    }),
  );
  if (lanes.includes(false)) break;
}

const cpu = results.reduce((sum, r) => sum + r.cpu, 0);
console.log("\n| step | result | wall clock | CPU (user + system) |\n|---|---|---|---|");
for (const r of results)
  console.log(
    `| \`${r.script}\` | ${r.code === 0 ? "passed" : `exit ${r.code}`} | ${clock(r.wall)} | ${clock(r.cpu)} |`,
  );
console.log(`| all (side by side where a stage allows) | | ${clock((Date.now() - start) / 1000)} | ${clock(cpu)} |`);
const ran = new Set(results.map((r) => r.script));
const skipped = STAGES.flat(2).filter((script) => !ran.has(script));
if (skipped.length) console.log(`Not run, after a failure: ${skipped.join(", ")}`);
process.exitCode = results.every((r) => r.code === 0) && !skipped.length ? 0 : 1;
