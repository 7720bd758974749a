import autocannon from "autocannon";
import { PGlite } from "@electric-sql/pglite";
import { CountBuffer } from "../../lib/analytics/count-buffer.ts";
import { CAMPAIGN_KEYS_PER_MARKET_DAY, DIRECT, UNCAPPED_KEYS } from "../../lib/analytics/campaign-key.ts";
import { SqlCountsStore } from "../../lib/analytics/sql-counts-store.ts";
import type { Slice } from "../../lib/analytics/slices.ts";
import { MemoryVisitorCounter } from "../../lib/analytics/visitor-counter.ts";
import { migrate } from "../../lib/contact/migrations.ts";
import { MARKETS } from "../../lib/markets/markets.ts";

/** A person's browser: the bot list drops anything that says it is one. */
const PERSON =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

export type VisitPass = {
  connections: number;
  durationS: number;
  /** Beacons answered 204 per second. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  answered: number;
  /**
   * Beacons sent whose answer the load tool did not wait for: at most one per connection, still in flight when the
   * pass ended. The server may have counted them.
   */
  inFlightAtCutoff: number;
  /** Visits the results show afterwards (every answered beacon should be one). */
  counted: number;
  non204: number;
  errors: number;
  /** Writes to the database seen while the load ran (the counts' total changing), per 1,000 visits counted. */
  writes: number;
  writesPer1000: number;
};

/** Total visits of today and yesterday (UTC) across markets, as a script reads them. */
async function totalVisits(origin: string, token: string): Promise<number> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const response = await fetch(`${origin}/api/results?from=${day(-1)}&to=${day(1)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET /api/results answered ${response.status}`);
  return ((await response.json()) as { totals: { visits: number } }).totals.visits;
}

/**
 * POST /api/beacon as browsers send it (a visit to one of 20 campaigns of /mx, from its own page's origin), with a
 * fixed number of connections for a fixed time; the results are polled every second meanwhile to count the writes (a write changes the total; polling more often would load the database it measures).
 */
export async function visitPass(
  origin: string,
  token: string,
  connections: number,
  durationS: number,
  flushS: number,
): Promise<VisitPass> {
  const before = await totalVisits(origin, token);
  let writes = 0;
  let last = before;
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const now = await totalVisits(origin, token).catch(() => last);
      if (now !== last) writes++;
      last = now;
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  let n = 0;
  const r = await autocannon({
    url: `${origin}/api/beacon`,
    connections,
    duration: durationS,
    method: "POST",
    headers: { origin, "user-agent": PERSON, "content-type": "text/plain;charset=UTF-8", "x-real-ip": "203.0.113.9" },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ type: "visit", path: "/mx", touch: { s: "bench", m: "cpc", c: `c${n++ % 20}` } }),
        }),
      },
    ],
  });
  await new Promise((resolve) => setTimeout(resolve, (flushS + 1.5) * 1000));
  polling = false;
  await poll;
  const counted = (await totalVisits(origin, token)) - before;
  const answered = r.statusCodeStats["204"]?.count ?? 0;
  // Every request built is a beacon sent; autocannon counts only those answered before it stopped.
  const inFlightAtCutoff = n - r.requests.total;
  return {
    connections,
    durationS: r.duration,
    rps: answered / r.duration,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    answered,
    inFlightAtCutoff,
    counted,
    non204: r.requests.total - answered,
    errors: r.errors + r.timeouts,
    writes,
    writesPer1000: counted > 0 ? (writes / counted) * 1000 : 0,
  };
}

/** Mulberry32: a small seeded generator, so the simulated day is the same every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type DayOfVisits = {
  visits: number;
  campaigns: number;
  instances: number;
  intervalS: number;
  /** The pool of people the day's visitors are drawn from. */
  visitors: number;
  /** Calls of record_page_counts and of record_page_visitors (one each per instance and interval). */
  writes: number;
  /** Rows those calls inserted or updated, all told. */
  rowsWritten: number;
  /** Rows the day leaves in page_counts, and in page_visitors (every grouping of them). */
  rows: number;
  visitorRows: number;
  /**
   * The most rows the day may leave in page_counts: every market, page and device with each capped key and each
   * uncapped one.
   */
  maxRows: number;
  /** Wall time of the simulation, the database's work included. */
  seconds: number;
};

/**
 * A day of `visits` visits from `visitors` people over `campaigns` distinct campaign values, on three pages of each
 * market and two devices, through two instances' buffers (their visitors counted in one instance's memory, as on a
 * single Redis) written every `intervalS` of the day into one embedded database with the real migration: how many
 * rows the day leaves (the cap sends new campaign keys past 500 per market and day to "(other)"). The visitors are
 * drawn from a pool of `visitors` people, each visit's slice at random, so a visitor is in many groups of slices.
 * The rows do not depend on the interval (a slice, or a group, is one row however often it is written); ten minutes
 * keep the run short, where the servers' 5 s would mean 34,560 writes of each kind into the embedded database here.
 */
export async function dayOfVisits(
  visits = 1_000_000,
  campaigns = 10_000,
  intervalS = 600,
  visitors = 100_000,
): Promise<DayOfVisits> {
  const started = performance.now();
  const db = await PGlite.create();
  await migrate(db);
  let writes = 0;
  let rowsWritten = 0;
  const store = new SqlCountsStore(async (name, args) => {
    const entries = Object.entries(args);
    const sql = `select public.${name}(${entries.map(([a], i) => `${a} => $${i + 1}`).join(", ")}) as result`;
    const values = entries.map(([, v]) => (v !== null && typeof v === "object" ? JSON.stringify(v) : v));
    const result = await db.transaction(async (tx) => {
      await tx.exec("set local role service_role");
      return (await tx.query<{ result: unknown }>(sql, values)).rows[0]?.result;
    });
    if (name === "record_page_counts" || name === "record_page_visitors") {
      writes++;
      rowsWritten += Number(result);
    }
    return result;
  });
  const counter = new MemoryVisitorCounter();
  const instances = [0, 1].map(() => new CountBuffer(store, counter, { flushMs: 3_600_000 }));
  const intervals = (24 * 3600) / intervalS;
  const perInterval = Math.ceil(visits / intervals);
  // Each visit's market, page, device and campaign drawn apart (a fixed seed, so every run counts the same day).
  const random = seeded(20261127);
  const pick = (n: number) => Math.floor(random() * n);
  let sent = 0;
  for (let interval = 0; interval < intervals && sent < visits; interval++) {
    for (let i = 0; i < perInterval && sent < visits; i++, sent++) {
      const market = MARKETS[pick(MARKETS.length)]!;
      const page = pick(5);
      const slice: Slice = {
        day: "2026-11-27",
        market,
        page: page < 2 ? `/${market}/campaign-${page}` : `/${market}`,
        device: pick(3) === 0 ? "desktop" : "phone",
        variant: "",
        ...(pick(4) === 0 ? DIRECT : { source: "ads", medium: "cpc", campaign: `campaign ${pick(campaigns)}` }),
      };
      instances[sent % 2]!.visit(slice, `visitor-${pick(visitors)}`);
    }
    for (const buffer of instances) await buffer.flush();
  }
  const count = async (table: string) =>
    (await db.query<{ n: number }>(`select count(*)::int as n from public.${table}`)).rows[0]!.n;
  const rows = await count("page_counts");
  const visitorRows = await count("page_visitors");
  await db.close();
  const seconds = (performance.now() - started) / 1000;
  const maxRows = MARKETS.length * 3 * 2 * (CAMPAIGN_KEYS_PER_MARKET_DAY + UNCAPPED_KEYS.length);
  return {
    visits: sent,
    visitors,
    campaigns,
    instances: instances.length,
    intervalS,
    writes,
    rowsWritten,
    rows,
    visitorRows,
    maxRows,
    seconds,
  };
}
