// `npm test`: every check and test, as many side by side as the machine has cores (two at least). Each step starts
// once the steps it needs have passed, in the order listed: the longest chain (types, the e2e builds, the server
// tests, Playwright) first, the rest filling the other core. Single-threaded tools (tsc, ESLint) leave a core free;
// the builds, Vitest and Playwright each keep both busy, so the chain ends on the browser tests with the machine to
// themselves. After a failure no step starts. Each step's output is printed whole when it ends, so side-by-side
// steps never interleave their lines, then a table gives each step's wall clock and CPU time.
import { availableParallelism } from "node:os";
import { runMetered } from "./cpu-accounting.mjs";

// tsc checks every file before any build starts (typecheck comes first), so the suite's builds skip Next's own check.
const BUILT_AFTER_TYPECHECK = { SKIP_BUILD_TYPECHECK: "1" };

/** npm scripts, the ones each needs first, and what each adds to the environment. */
const STEPS = [
  // Regenerates the Sanity types and Next's route types (in .next) that tsc reads.
  { script: "typecheck", needs: [] },
  // Installs the missing system tools (apt takes one installer at a time) before the steps that use them.
  { script: "test:tools", needs: [] },
  { script: "format:check", needs: [] },
  { script: "lint", needs: [] },
  // The Edge Functions run on Deno, outside tsc and the builds: Deno's own type check and lint.
  { script: "test:functions", needs: [] },
  { script: "e2e:build", needs: ["typecheck", "test:tools"], env: BUILT_AFTER_TYPECHECK },
  { script: "test:unit", needs: ["test:tools"] },
  { script: "studio:build", needs: ["typecheck"] },
  // The README's start:local, which the server tests run, builds too.
  { script: "test:server", needs: ["e2e:build"], env: BUILT_AFTER_TYPECHECK },
  // The server tests start worker 0's servers, on the ports Playwright's worker 0 uses: one after the other.
  { script: "test:browser", needs: ["e2e:build", "test:server"] },
];
const SLOTS = Math.max(2, availableParallelism());

const clock = (seconds) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
};

/** Runs `npm run <script>`; resolves with its exit code, wall clock and the CPU time of everything it ran. */
async function runStep({ script, env }) {
  const start = Date.now();
  const run = await runMetered(script, `npm run --silent ${script}`, { ...process.env, ...env });
  const result = { script, code: run.code, wall: (Date.now() - start) / 1000, cpu: run.cpu };
  const verdict = run.code === 0 ? "passed" : `FAILED (exit ${run.code})`;
  const stopped = run.stopped.length
    ? `\nStopped what npm run ${script} left running: ${run.stopped.join(", ")}.\n`
    : "";
  process.stdout.write(`\n━━ npm run ${script}: ${verdict} in ${clock(result.wall)} ━━\n${run.output}${stopped}`);
  return result;
}

const results = [];
const start = Date.now();
const passed = new Set();
const started = new Set();
let failed = false;
await new Promise((done) => {
  const fill = () => {
    const running = started.size - results.length;
    const ready = STEPS.filter((s) => !started.has(s.script) && s.needs.every((n) => passed.has(n)));
    if (failed || !ready.length) {
      if (running === 0) done();
      return;
    }
    for (const step of ready.slice(0, SLOTS - running)) {
      started.add(step.script);
      runStep(step).then((result) => {
        results.push(result);
        if (result.code === 0) passed.add(result.script);
        else failed = true;
        fill();
      });
    }
  };
  fill();
});

const cpu = results.reduce((sum, r) => sum + r.cpu, 0);
console.log("\n| step | result | wall clock | CPU (user + system) |\n|---|---|---|---|");
for (const r of results)
  console.log(
    `| \`${r.script}\` | ${r.code === 0 ? "passed" : `exit ${r.code}`} | ${clock(r.wall)} | ${clock(r.cpu)} |`,
  );
console.log(`| all (${SLOTS} side by side) | | ${clock((Date.now() - start) / 1000)} | ${clock(cpu)} |`);
const ran = new Set(results.map((r) => r.script));
const skipped = STEPS.map((s) => s.script).filter((script) => !ran.has(script));
if (skipped.length) console.log(`Not run, after a failure: ${skipped.join(", ")}`);
process.exitCode = results.every((r) => r.code === 0) && !skipped.length ? 0 : 1;
