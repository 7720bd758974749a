import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import type { Result } from "lighthouse";
import { chromiumArgs, chromiumPath } from "../../scripts/lib/chromium.ts";
import { median } from "./stats.ts";

export type Preset = "mobile" | "desktop";
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export type LighthouseSummary = {
  url: string;
  preset: Preset;
  runs: number;
  /** Medians over the runs, each value on its own. Scores 0-100, times in ms, bytes. */
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  /** Every audit that cost points in any run: id, title, its score in each run and what it measured. */
  failing: {
    category: string;
    id: string;
    title: string;
    scores: (number | null)[];
    displayValue?: string;
    items: string[];
  }[];
  /** Main-thread time per script in the run with the median performance score (Lighthouse's bootup-time). */
  scriptBootup: { url: string; totalMs: number; scriptingMs: number }[];
  warnings: string[];
  /** Requests (from Lighthouse's network log) that went to another origin than the page's. */
  foreignRequests: string[];
};

/**
 * Audits below a passing score that carry weight in a category (or, for performance, any metric or insight below 0.9).
 */
function failingAudits(lhr: Result) {
  const out: {
    category: string;
    id: string;
    title: string;
    score: number | null;
    displayValue?: string;
    items: string[];
  }[] = [];
  for (const name of CATEGORIES) {
    const category = lhr.categories[name];
    if (!category) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.scoreDisplayMode === "notApplicable" || audit.scoreDisplayMode === "manual") continue;
      if (audit.score === null && audit.scoreDisplayMode !== "error") continue;
      const threshold = name === "performance" ? 0.9 : 1;
      const counts = ref.weight > 0 || (name === "performance" && audit.scoreDisplayMode !== "informative");
      if (counts && (audit.score === null || audit.score < threshold)) {
        out.push({
          category: name,
          id: audit.id,
          title: audit.title,
          score: audit.score,
          displayValue: audit.displayValue,
          items: detailItems(audit.details),
        });
      }
    }
  }
  return out;
}

/** A few words on what an audit found: the first items of its table or list (URL, node or description). */
function detailItems(details: Result["audits"][string]["details"]): string[] {
  if (!details || !("items" in details) || !Array.isArray(details.items)) return [];
  return details.items.slice(0, 5).map((item) => {
    const record = item as Record<string, unknown>;
    const node = record.node as { snippet?: string } | undefined;
    const value = record.url ?? record.source ?? record.description ?? node?.snippet ?? record.label;
    return typeof value === "object"
      ? JSON.stringify(value).slice(0, 200)
      : String(value ?? JSON.stringify(record).slice(0, 200));
  });
}

function scriptBootup(lhr: Result) {
  const details = lhr.audits["bootup-time"]?.details;
  if (!details || details.type !== "table") return [];
  return details.items.map((item) => ({
    url: String(item.url),
    totalMs: Math.round(Number(item.total)),
    scriptingMs: Math.round(Number(item.scripting)),
  }));
}

function requestUrls(lhr: Result): string[] {
  const details = lhr.audits["network-requests"]?.details;
  return details && details.type === "table" ? details.items.map((item) => String(item.url)) : [];
}

export async function launchChrome() {
  return chromeLauncher.launch({
    chromePath: chromiumPath,
    // The HTTP/2 proxy's certificate is made for the run (bench/lib/h2-proxy.ts).
    chromeFlags: [...chromiumArgs, "--headless=new", "--ignore-certificate-errors"],
    logLevel: "silent",
  });
}

/** Lighthouse `runs` times on one URL in one preset (mobile: Lighthouse's default simulated throttling). */
export async function lighthouseMedian(
  port: number,
  url: string,
  preset: Preset,
  runs: number,
): Promise<LighthouseSummary> {
  const results: Result[] = [];
  for (let i = 0; i < runs; i += 1) {
    const result = await lighthouse(
      url,
      { port, logLevel: "error", onlyCategories: [...CATEGORIES], disableFullPageScreenshot: true },
      preset === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    results.push(result.lhr);
  }
  const numeric = (id: string) => median(results.map((r) => r.audits[id]?.numericValue ?? NaN));
  const failing = new Map<string, LighthouseSummary["failing"][number]>();
  results.forEach((lhr, run) => {
    for (const audit of failingAudits(lhr)) {
      const key = `${audit.category}/${audit.id}`;
      const entry = failing.get(key) ?? {
        category: audit.category,
        id: audit.id,
        title: audit.title,
        scores: results.map(() => 1),
        displayValue: audit.displayValue,
        items: audit.items,
      };
      entry.scores[run] = audit.score;
      failing.set(key, entry);
    }
  });
  const byPerformance = [...results].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  return {
    url,
    preset,
    runs,
    scriptBootup: scriptBootup(byPerformance[Math.floor(byPerformance.length / 2)]!),
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, median(results.map((r) => Math.round((r.categories[c]?.score ?? 0) * 100)))]),
    ) as LighthouseSummary["scores"],
    lcpMs: numeric("largest-contentful-paint"),
    fcpMs: numeric("first-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    totalBytes: numeric("total-byte-weight"),
    failing: [...failing.values()],
    warnings: [...new Set(results.flatMap((r) => r.runWarnings))],
    foreignRequests: [
      ...new Set(
        results
          .flatMap((r) => requestUrls(r))
          .filter((u) => !u.startsWith("data:") && new URL(u).origin !== new URL(url).origin),
      ),
    ],
  };
}

/** A metric over the runs: its median and its spread (lowest, highest). */
export type Spread = { median: number; min: number; max: number; runs: number[] };

const spreadOf = (runs: number[]): Spread => ({
  median: median(runs),
  min: Math.min(...runs),
  max: Math.max(...runs),
  runs,
});

/** The mobile runs of one page on one server, metric by metric, with its largest paint. */
export type MobileRuns = {
  label: string;
  url: string;
  /** Medians of the other categories (0-100). */
  scores: Record<Exclude<(typeof CATEGORIES)[number], "performance">, number>;
  performance: Spread;
  lcpMs: Spread;
  fcpMs: Spread;
  /** LCP − FCP in each run: how long after the first paint the largest one came. */
  lcpAfterFcpMs: Spread;
  /**
   * Runs whose first paint Chromium presented half a second or more after the load event. Under Lighthouse's phone
   * emulation with paint holding on, a first frame ready after a threshold of the machine is presented only at about
   * 1.25 s, whatever the page (the paint-hold probe, docs/development.md); the simulation then counts every script that
   * finished meanwhile as before the LCP. Read the page's figures with it.
   */
  heldFirstFrameRuns: number;
  tbtMs: Spread;
  cls: Spread;
  /** The LCP element of each run (Lighthouse's node label and selector), most frequent first. */
  lcpElements: { element: string; runs: number }[];
  /** The LCP's parts as the run observed them (time to first byte, load delay and time, render delay), medians. */
  lcpBreakdownMs: Record<string, number>;
  foreignRequests: string[];
};

/** The LCP element and the observed breakdown of one run, from Lighthouse's LCP breakdown insight. */
function lcpDetails(lhr: Result): { element: string; parts: Record<string, number> } {
  const details = lhr.audits["lcp-breakdown-insight"]?.details as
    { type: string; items?: ({ type: string; items?: unknown[] } & Record<string, unknown>)[] } | undefined;
  const parts: Record<string, number> = {};
  let element = "(none)";
  for (const item of details?.items ?? []) {
    if (item.type === "table")
      for (const row of (item.items ?? []) as { subpart?: string; duration?: number }[])
        if (row.subpart && typeof row.duration === "number") parts[row.subpart] = row.duration;
    if (item.type === "node") element = `${String(item.selector ?? "")} «${String(item.nodeLabel ?? "").slice(0, 40)}»`;
  }
  return { element, parts };
}

/** Whether the run's observed first paint came 500 ms or more after its load event. */
function heldFirstFrame(lhr: Result): boolean {
  const details = lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined;
  const observed = details?.items?.[0];
  return !!observed && observed.observedFirstContentfulPaint! - observed.observedLoad! >= 500;
}

/**
 * Lighthouse mobile (its default simulated throttling), `runs` rounds over every target: each round runs each target
 * once, so the pages compared share the machine's state of the moment (it is shared and its speed drifts).
 */
export async function mobileRounds(
  port: number,
  targets: { label: string; url: string; headers?: Record<string, string> }[],
  runs: number,
  log: (message: string) => void,
): Promise<MobileRuns[]> {
  const results = targets.map(() => [] as Result[]);
  for (let round = 0; round < runs; round += 1) {
    log(`Lighthouse mobile, round ${round + 1} of ${runs}: ${targets.map((t) => t.label).join(", ")}`);
    for (const [i, target] of targets.entries()) {
      const result = await lighthouse(target.url, {
        port,
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        disableFullPageScreenshot: true,
        extraHeaders: target.headers ?? null,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${target.url}`);
      if (result.lhr.runtimeError)
        throw new Error(`Lighthouse ${target.url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      results[i]!.push(result.lhr);
    }
  }
  return targets.map((target, i) => {
    const lhrs = results[i]!;
    const metric = (id: string) => lhrs.map((r) => r.audits[id]?.numericValue ?? NaN);
    const lcp = metric("largest-contentful-paint");
    const fcp = metric("first-contentful-paint");
    const details = lhrs.map(lcpDetails);
    const elements = new Map<string, number>();
    for (const { element } of details) elements.set(element, (elements.get(element) ?? 0) + 1);
    const subparts = [...new Set(details.flatMap((d) => Object.keys(d.parts)))];
    return {
      label: target.label,
      url: target.url,
      scores: Object.fromEntries(
        CATEGORIES.filter((c) => c !== "performance").map((c) => [
          c,
          median(lhrs.map((r) => Math.round((r.categories[c]?.score ?? 0) * 100))),
        ]),
      ) as MobileRuns["scores"],
      performance: spreadOf(lhrs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100))),
      lcpMs: spreadOf(lcp),
      fcpMs: spreadOf(fcp),
      lcpAfterFcpMs: spreadOf(lcp.map((value, run) => value - fcp[run]!)),
      heldFirstFrameRuns: lhrs.filter(heldFirstFrame).length,
      tbtMs: spreadOf(metric("total-blocking-time")),
      cls: spreadOf(metric("cumulative-layout-shift")),
      lcpElements: [...elements].map(([element, count]) => ({ element, runs: count })).sort((a, b) => b.runs - a.runs),
      lcpBreakdownMs: Object.fromEntries(
        subparts.map((part) => [part, median(details.map((d) => d.parts[part]).filter((v) => v !== undefined))]),
      ),
      foreignRequests: [
        ...new Set(
          lhrs
            .flatMap((r) => requestUrls(r))
            .filter((u) => !u.startsWith("data:") && new URL(u).origin !== new URL(target.url).origin),
        ),
      ],
    };
  });
}
