import { experimentMarkdown, type ExperimentLoad } from "./experiment-load.ts";
import type { ContactPass } from "./contact-load.ts";
import type { LoadResult } from "./http-load.ts";
import type { LighthouseSummary, MobileRuns, Spread } from "./lighthouse-runs.ts";
import type { ManyInstancesResults } from "./many-instances.ts";
import type { BuildResult } from "./next-app.ts";
import type { PaintHoldProbe } from "./paint-hold-probe.ts";
import type { ProofCost } from "./proof-cost.ts";
import type { StoredLeadsCheck } from "./stored-leads.ts";
import type { DayOfVisits, VisitPass } from "./visit-load.ts";
import type { PageWeight } from "../../scripts/lib/page-weight.ts";

export type BenchResults = {
  date: string;
  machine: {
    cpuModel: string;
    cores: number;
    memoryBytes: number;
    node: string;
    os: string;
    chromium: string;
    lighthouse: string;
    next: string;
  };
  durationS: number;
  build: BuildResult;
  /** Lighthouse mobile, interleaved rounds: the empty App Router page, then each page on each server. */
  mobile: MobileRuns[];
  /** Lighthouse mobile on a heading whose stylesheet comes late: whether this machine holds a first frame, and when. */
  paintHold: PaintHoldProbe[];
  /** Lighthouse desktop, per market page. */
  lighthouse: { server: "next start" | "zero-JS static"; summary: LighthouseSummary }[];
  pageWeight: { page: string; server: "next start" | "zero-JS static" | "empty App Router page"; weight: PageWeight }[];
  getThroughput: { next: LoadResult; static: LoadResult; ratio: number };
  contact: {
    passes: ContactPass[];
    repeatPass: ContactPass;
    stored: StoredLeadsCheck;
    serverExitCode: number | null;
    rssBytes: { idle: number; afterWarmUp: number; afterLoad: number };
  };
  instances: ManyInstancesResults;
  /** POST /api/beacon under load, and the rows a simulated day of visits leaves. */
  visits: { passes: VisitPass[]; day: DayOfVisits };
  /** A running experiment's cost per page request, and its variants in the page cache. */
  experiments: ExperimentLoad;
  proof: ProofCost;
  targets: { target: string; measured: string; met: boolean }[];
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const s = (value: number) => `${(value / 1000).toFixed(2)} s`;

function table(head: string[], rows: (string | number)[][]): string {
  return [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}

/** What the form's proof of work costs a person and a script. */
function proofMarkdown(p: ProofCost): string {
  return table(
    [`proof of work (up to ${p.maxNumber.toLocaleString("en-US")} hashes)`, "median", "max", "runs"],
    [
      [
        "person: first keystroke to solved, form's worker, Chromium 4x CPU throttling",
        ms(p.browserWorkerMs.median),
        ms(p.browserWorkerMs.max),
        p.browserWorkerMs.runs,
      ],
      [
        "the same solver on the main thread, 4x CPU throttling",
        ms(p.browserMainThreadMs.median),
        ms(p.browserMainThreadMs.max),
        p.browserMainThreadMs.runs,
      ],
      ["script: CPU per 1,000 leads (Node, native SHA-256)", s(p.scriptCpuMsPer1000), "", ""],
    ],
  );
}

/** The contact API on standalone servers sharing Redis and the Supabase stand-in, one instance beside two. */
export function instancesMarkdown(r: ManyInstancesResults): string {
  const passes = table(
    [
      "POST /api/contact, Redis + Supabase stand-in",
      "connections (total)",
      "duration",
      "stored (201)/s",
      "p50",
      "p99",
      "statuses",
      "errors",
    ],
    r.passes.map((p) => [
      p.instances === 1 ? "one instance" : "two instances",
      p.connections,
      `${p.durationS.toFixed(1)} s`,
      Math.round(p.createdPerS),
      ms(p.p50Ms),
      ms(p.p99Ms),
      Object.entries(p.statuses)
        .map(([k, v]) => `${k}: ${v}`)
        .join(", "),
      p.errors,
    ]),
  );
  const st = r.stored;
  return `${passes}\n\nStand-in database after both runs: ${st.rows} rows, ${st.distinctIds} distinct ids, ${st.created} ids answered 201 — lost ${st.lost}, unexpected ${st.unexpected}, duplicates ${st.duplicates} (${st.ok ? "OK" : "MISMATCH"}); Redis warnings logged: ${r.redisWarnings}. Two instances: the p50/p99 shown are the higher of the two servers'.`;
}

/** A median with its spread over the runs. */
const spread = (x: Spread, format: (value: number) => string) =>
  `${format(x.median)} (${format(x.min)}–${format(x.max)})`;

/** Lighthouse mobile, medians and spreads, and what the largest paint was and where its time went. */
function mobileMarkdown(mobile: MobileRuns[]): string {
  const metrics = table(
    ["page", "perf", "LCP", "FCP", "LCP − FCP", "TBT", "CLS", "a11y / BP / SEO", "first frame held"],
    mobile.map((x) => [
      x.label,
      spread(x.performance, String),
      spread(x.lcpMs, s),
      spread(x.fcpMs, s),
      spread(x.lcpAfterFcpMs, ms),
      spread(x.tbtMs, ms),
      x.cls.max.toFixed(3),
      Object.values(x.scores).join(" / "),
      `${x.heldFirstFrameRuns} of ${x.performance.runs.length}`,
    ]),
  );
  const parts = [...new Set(mobile.flatMap((x) => Object.keys(x.lcpBreakdownMs)))];
  const lcp = table(
    ["page", "LCP element (runs)", ...parts.map((p) => `${p} (observed)`)],
    mobile.map((x) => [
      x.label,
      x.lcpElements.map((e) => `${e.element.replaceAll("|", "/")} (${e.runs})`).join("; "),
      ...parts.map((p) => (x.lcpBreakdownMs[p] === undefined ? "—" : ms(x.lcpBreakdownMs[p]!))),
    ]),
  );
  return `${metrics}

${lcp}`;
}

function paintHoldMarkdown(probe: PaintHoldProbe[]): string {
  return table(
    ["stylesheet late by", "observed first paint, each run", "load event, each run"],
    probe.map((p) => [
      ms(p.stylesheetDelayMs),
      p.observedFcpMs.map(ms).join(", "),
      p.observedLoadMs.map(ms).join(", "),
    ]),
  );
}

/** The results as Markdown tables (printed, and ready for README's Performance section). */
export function markdown(r: BenchResults): string {
  const runs = r.mobile[0]?.performance.runs.length ?? 0;
  const lh = table(
    ["page", "preset", "server", "perf", "a11y", "best pr.", "SEO", "LCP", "FCP", "TBT", "CLS", "total bytes"],
    r.lighthouse.map(({ server, summary: x }) => [
      new URL(x.url).pathname,
      x.preset,
      server,
      x.scores.performance,
      x.scores.accessibility,
      x.scores["best-practices"],
      x.scores.seo,
      s(x.lcpMs),
      s(x.fcpMs),
      ms(x.tbtMs),
      x.cls.toFixed(3),
      kb(x.totalBytes),
    ]),
  );
  const weight = table(
    ["page", "server", "module scripts", "JS gzip", "JS raw", "HTML gzip", "HTML raw", "CSS gzip", "CSS raw"],
    r.pageWeight.map(({ page, server, weight: w }) => [
      page,
      server,
      w.scripts.length,
      kb(w.jsGzip),
      kb(w.jsRaw),
      kb(w.htmlGzip),
      kb(w.htmlRaw),
      kb(w.cssGzip),
      kb(w.cssRaw),
    ]),
  );
  const get = r.getThroughput;
  const throughput = table(
    ["GET /mx, 50 connections", "duration", "req/s", "p50", "p99", "non-2xx", "errors"],
    [
      [
        "next start",
        `${get.next.durationS} s`,
        Math.round(get.next.rps),
        ms(get.next.p50Ms),
        ms(get.next.p99Ms),
        get.next.non2xx,
        get.next.errors,
      ],
      [
        "static server (same HTML)",
        `${get.static.durationS} s`,
        Math.round(get.static.rps),
        ms(get.static.p50Ms),
        ms(get.static.p99Ms),
        get.static.non2xx,
        get.static.errors,
      ],
      ["ratio static / next", "", `${get.ratio.toFixed(1)}×`, "", "", "", ""],
    ],
  );
  const c = r.contact;
  const contact = table(
    [
      "POST /api/contact",
      "connections",
      "duration",
      "responses/s",
      "stored (201)/s",
      "p50",
      "p99",
      "statuses",
      "cut off, retried",
    ],
    [...c.passes, c.repeatPass].map((p) => [
      p.label,
      p.connections,
      `${p.durationS.toFixed(1)} s`,
      Math.round(p.rps),
      p === c.repeatPass ? "—" : Math.round(p.createdPerS),
      ms(p.p50Ms),
      ms(p.p99Ms),
      Object.entries(p.statuses)
        .map(([k, v]) => `${k}: ${v}`)
        .join(", "),
      p.retriedAfterCutoff,
    ]),
  );
  const visitTable = table(
    [
      "POST /api/beacon (visits)",
      "connections",
      "duration",
      "answered (204)/s",
      "p50",
      "p99",
      "answered",
      "in flight at the cutoff",
      "visits counted",
      "database writes",
      "writes per 1,000 visits",
    ],
    r.visits.passes.map((p) => [
      "one campaign visit of 20",
      p.connections,
      `${p.durationS.toFixed(1)} s`,
      Math.round(p.rps),
      ms(p.p50Ms),
      ms(p.p99Ms),
      p.answered,
      p.inFlightAtCutoff,
      p.counted,
      p.writes,
      p.writesPer1000.toFixed(2),
    ]),
  );
  const d = r.visits.day;
  const day = `A simulated day of ${d.visits.toLocaleString("en-US")} visits by visitors drawn from ${d.visitors.toLocaleString("en-US")} people over ${d.campaigns.toLocaleString("en-US")} campaign values (3 markets, 3 pages each, 2 devices, ${d.instances} instances writing every ${d.intervalS} s, the real migration in PGlite): ${d.rows.toLocaleString("en-US")} rows in page_counts and ${d.visitorRows.toLocaleString("en-US")} in page_visitors after ${d.writes.toLocaleString("en-US")} writes (${((d.writes / d.visits) * 1000).toFixed(2)} per 1,000 visits) of ${d.rowsWritten.toLocaleString("en-US")} rows all told, in ${d.seconds.toFixed(0)} s.`;
  const st = c.stored;
  const integrity = `Database after a graceful stop (exit ${c.serverExitCode}): ${st.rows} rows, ${st.distinctIds} distinct ids, ${st.created} ids answered 201 — lost ${st.lost}, unexpected ${st.unexpected}, duplicates ${st.duplicates} (${st.ok ? "OK" : "MISMATCH"}). Server RSS: ${mb(c.rssBytes.idle)} idle → ${mb(c.rssBytes.afterWarmUp)} with the store open → ${mb(c.rssBytes.afterLoad)} after the load.`;
  const build = `\`next build\`: ${(r.build.wallMs / 1000).toFixed(1)} s wall, peak RSS of the process tree ${mb(r.build.peakRssBytes)}.`;
  const targets = table(
    ["target", "measured", "met"],
    r.targets.map((t) => [t.target, t.measured, t.met ? "yes" : "**no**"]),
  );
  const m = r.machine;
  const machine = `${r.date} · ${m.cpuModel}, ${m.cores} cores, ${mb(m.memoryBytes)} RAM · ${m.os} · Node ${m.node} · ${m.chromium} · Lighthouse ${m.lighthouse} · Next ${m.next} · bench took ${Math.round(r.durationS)} s`;
  return [
    machine,
    "",
    `Lighthouse mobile (its default simulated throttling), median and spread (lowest–highest) of ${runs} runs, in rounds that run every page once; over HTTP/1.1 from loopback, but the rows "over HTTP/2", served through a TLS and HTTP/2 proxy as a production host serves them:`,
    "",
    mobileMarkdown(r.mobile),
    "",
    "Whether this machine's Chromium holds a first frame, whatever the page (Lighthouse mobile on a heading alone, its stylesheet answered late):",
    "",
    paintHoldMarkdown(r.paintHold),
    "",
    `Lighthouse desktop (its desktop preset), median of ${r.lighthouse[0]?.summary.runs ?? 0} runs:`,
    "",
    lh,
    "",
    "What the browser loads (module scripts, CSS and the document, until the network is idle):",
    "",
    weight,
    "",
    throughput,
    "",
    experimentMarkdown(r.experiments),
    "",
    contact,
    "",
    integrity,
    "",
    visitTable,
    "",
    day,
    "",
    proofMarkdown(r.proof),
    "",
    instancesMarkdown(r.instances),
    "",
    build,
    "",
    targets,
  ].join("\n");
}
