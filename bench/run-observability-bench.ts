/**
 * `npm run bench:observability [-- --baseline <dir>]`: what logs and traces cost the contact route. Serves the current
 * build (.next: run `npm run build` first) twice — without an OTLP endpoint (tracing off, the default) and exporting
 * every span to a local OTLP/HTTP receiver — and, with `--baseline`, another checkout's build (e.g. the commit before
 * a change), each with `npm start` on its own fresh embedded database, rate limit off. The servers are measured in
 * turns, round after round, so a busy machine slows them alike. Prints a Markdown table; writes
 * bench/results/observability-latest.json.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { startOtlpReceiver } from "../scripts/lib/otlp-receiver.ts";
import { freePort } from "../scripts/lib/free-port.ts";
import { LeadLedger, contactPass, warmUpContact, type ContactPass } from "./lib/contact-load.ts";
import { embeddedEnv, startNext, type RunningServer } from "./lib/next-app.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const ROUNDS = 3;
const SECONDS = 8;
const CONNECTIONS = 10;

const baselineAt = process.argv.indexOf("--baseline");
const baseline = baselineAt > 0 ? process.argv[baselineAt + 1] : undefined;
for (const dir of [ROOT, baseline].filter(Boolean) as string[]) {
  if (!existsSync(join(dir, ".next/BUILD_ID")))
    throw new Error(`No build in ${dir}/.next: run \`npm run build\` there first`);
}

const work = mkdtempSync(join(tmpdir(), "observability-bench-"));
const receiver = await startOtlpReceiver();
const variants: { label: string; dir: string; env: Record<string, string> }[] = [
  ...(baseline ? [{ label: "baseline (before the change)", dir: baseline, env: {} }] : []),
  { label: "this build, tracing off", dir: ROOT, env: {} },
  {
    label: "this build, tracing to a local OTLP receiver",
    dir: ROOT,
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url },
  },
];

const servers: { label: string; server: RunningServer; ledger: LeadLedger; passes: ContactPass[] }[] = [];
try {
  for (const [i, variant] of variants.entries()) {
    const port = await freePort();
    const env = embeddedEnv({
      NEXT_PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
      EMBEDDED_DB_DIR: join(work, `db-${i}`),
      CONTACT_RATE_LIMIT_PER_MINUTE: "0",
      CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE: "0",
      ...variant.env,
    });
    const server = await startNext(variant.dir, port, env);
    const ledger = new LeadLedger();
    if ((await warmUpContact(server.origin, ledger)) !== 201)
      throw new Error(`${variant.label}: a valid lead was not answered 201`);
    // One short pass unmeasured: the route's code is compiled and the database warm before any figure counts.
    await contactPass(server.origin, ledger, "warm-up", CONNECTIONS, { durationS: 2 });
    servers.push({ label: variant.label, server, ledger, passes: [] });
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const entry of servers) {
      console.error(`round ${round}/${ROUNDS}: ${entry.label}`);
      entry.passes.push(
        await contactPass(entry.server.origin, entry.ledger, entry.label, CONNECTIONS, { durationS: SECONDS }),
      );
    }
  }
} finally {
  await Promise.all(servers.map((s) => s.server.stop()));
  await receiver.close();
  rmSync(work, { recursive: true, force: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rows = servers.map(({ label, passes }) => ({
  label,
  p50Ms: median(passes.map((p) => p.p50Ms)),
  p99Ms: median(passes.map((p) => p.p99Ms)),
  rps: median(passes.map((p) => p.rps)),
  rounds: passes.map((p) => ({ p50Ms: p.p50Ms, p99Ms: p.p99Ms, rps: p.rps, statuses: p.statuses })),
}));
const results = {
  date: new Date().toISOString(),
  cores: cpus().length,
  rounds: ROUNDS,
  secondsPerPass: SECONDS,
  connections: CONNECTIONS,
  spansReceived: receiver.spans.length,
  rows,
};
mkdirSync(join(ROOT, "bench/results"), { recursive: true });
writeFileSync(join(ROOT, "bench/results/observability-latest.json"), JSON.stringify(results, null, 2) + "\n");
console.log(
  `POST /api/contact, ${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${SECONDS} s (servers in turns)\n`,
);
console.log("| server | p50 ms | p99 ms | requests/s |\n| --- | --- | --- | --- |");
for (const row of rows) console.log(`| ${row.label} | ${row.p50Ms} | ${row.p99Ms} | ${row.rps.toFixed(0)} |`);
console.log(`\nspans received by the local receiver: ${receiver.spans.length}`);
