import { describe, expect, it } from "vitest";
import { CountBuffer } from "@/lib/analytics/count-buffer";
import type { CountRow, CountsStore, VitalRow } from "@/lib/analytics/counts-store-contract";
import { handleBeacon, MAX_BEACON_BYTES, type BeaconDeps, type DropReason } from "@/lib/analytics/handle-beacon";
import { MemoryVisitorCounter } from "@/lib/analytics/visitor-counter";
import { EVERY_PART, groupId } from "@/lib/analytics/visitor-groupings";
import { limitsFor } from "@/lib/contact/intake-limits";
import { MemoryRateLimiter } from "@/lib/contact/rate-limiter";
import { readServerEnv } from "@/lib/env/env";
import { captureLogs } from "../support/telemetry/log-lines";
import type { RunningExperiment } from "@/lib/experiments/experiment-content";

const PERSON =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const ORIGIN = "https://pagos.example";

/** The seed's experiment: the hero title of /mx/importadores-china, control and one variant. */
const TITLE_TEST: RunningExperiment = {
  key: "mx-china-titulo",
  market: "mx",
  page: "/mx/importadores-china",
  plannedEnd: null,
  variants: [
    { key: "control", weight: 0.5 },
    { key: "ahorro", weight: 0.5 },
  ],
};

function setup(overrides: Partial<BeaconDeps> = {}) {
  /** The slices written, each with its own distinct visitors that day (null: none counted). */
  const counts: (CountRow & { visitors: number | null })[] = [];
  const vitals: VitalRow[] = [];
  const store: CountsStore = {
    recordCounts: async (rows) => void counts.push(...rows.map((r) => ({ ...r, visitors: null }))),
    // A slice's own group is the one of every part; its key is the slice's.
    recordVisitors: async (rows) => {
      for (const row of rows.filter((r) => r.groupedBy === EVERY_PART)) {
        const slice = counts.find((c) => groupId(c, EVERY_PART) === groupId(row as unknown as CountRow, EVERY_PART));
        if (slice) slice.visitors = row.visitors;
      }
    },
    recordVitals: async (rows) => void vitals.push(...rows),
    countRows: async () => [],
    vitalRows: async () => [],
    leadRows: async () => [],
    stageRows: async () => [],
  };
  const visitors = new MemoryVisitorCounter();
  const buffer = new CountBuffer(store, visitors, { flushMs: 60_000 });
  const drops: DropReason[] = [];
  const deps: BeaconDeps = {
    buffer,
    visitors,
    limiter: new MemoryRateLimiter(3),
    address: (r) => r.headers.get("x-real-ip") ?? undefined,
    campaignPages: async () => (market, slug) => market === "mx" && slug === "importadores-china",
    experiments: async () => [TITLE_TEST],
    fromOwnPage: (r) => r.headers.get("origin") === ORIGIN,
    dropped: (reason) => drops.push(reason),
    now: () => new Date("2026-11-27T18:00:00Z"),
    ...overrides,
  };
  const beacon = (body: unknown, headers: Record<string, string> = {}) =>
    handleBeacon(
      new Request(`${ORIGIN}/api/beacon`, {
        method: "POST",
        headers: { origin: ORIGIN, "user-agent": PERSON, "x-real-ip": "203.0.113.7", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
      deps,
    );
  const flush = async () => {
    await buffer.flush();
    buffer.stop();
  };
  return { beacon, counts, vitals, drops, flush };
}

describe("POST /api/beacon", () => {
  it("counts a visit and a form start under the variant the cookie names, only on its experiment's page", async () => {
    const { beacon, counts, flush } = setup();
    const cookie = { cookie: "consent_mx=granted.2026-11-27; experiments=mx-china-titulo--ahorro" };
    await beacon({ type: "visit", path: "/mx/importadores-china" }, cookie);
    await beacon({ type: "start", path: "/mx/importadores-china" }, cookie);
    // The market's page runs no experiment: its visit counts under no variant, whatever the cookie says.
    await beacon({ type: "visit", path: "/mx" }, cookie);
    await flush();
    expect(counts.map((c) => [c.page, c.variant, c.visits, c.formStarts])).toEqual([
      ["/mx/importadores-china", "mx-china-titulo--ahorro", 1, 1],
      ["/mx", "", 1, 0],
    ]);
  });

  it("counts under no variant a cookie naming a variant or an experiment that does not run there", async () => {
    const { beacon, counts, flush } = setup({ limiter: new MemoryRateLimiter(10) });
    for (const value of ["mx-china-titulo--otra", "br-fornecedores-chamada--cotacao", "mx-china-titulo--ahorro--x", ""])
      await beacon({ type: "visit", path: "/mx/importadores-china" }, { cookie: `experiments=${value}` });
    await flush();
    expect(counts.map((c) => [c.variant, c.visits])).toEqual([["", 4]]);
  });

  it("counts a visit from a person's browser under its page, campaign, device and day", async () => {
    const { beacon, counts, flush } = setup();
    const response = await beacon({
      type: "visit",
      path: "/mx/importadores-china",
      touch: { s: "Google", m: "cpc", c: "China Q4" },
    });
    expect(response.status).toBe(204);
    await flush();
    expect(counts).toEqual([
      {
        day: "2026-11-27",
        market: "mx",
        page: "/mx/importadores-china",
        source: "google",
        medium: "cpc",
        campaign: "china q4",
        device: "desktop",
        variant: "",
        visits: 1,
        formStarts: 0,
        visitors: 1,
      },
    ]);
  });

  it("answers 204 and counts nothing for a bot, another site, a flood, an oversized or broken body, a foreign path", async () => {
    const { beacon, counts, drops, flush } = setup();
    const visit = { type: "visit", path: "/mx" };
    const answers = [
      await beacon(visit, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }),
      await beacon(visit, { "user-agent": "Mozilla/5.0 HeadlessChrome/142.0.0.0" }),
      await beacon(visit, { "user-agent": "" }),
      await beacon(visit, { origin: "https://evil.example" }),
      await beacon("x".repeat(MAX_BEACON_BYTES + 1), { "x-real-ip": "198.51.100.1" }),
      await beacon("{not json", { "x-real-ip": "198.51.100.2" }),
      await beacon({ type: "purchase", path: "/mx" }, { "x-real-ip": "198.51.100.3" }),
      await beacon({ type: "visit", path: "/de" }, { "x-real-ip": "198.51.100.4" }),
    ];
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(204));
    expect(drops).toEqual(["bot", "bot", "bot", "foreign", "size", "invalid", "invalid", "path"]);
    await flush();
    expect(counts).toEqual([]);
  });

  it("lets one address add only its bucket's beacons a minute", async () => {
    const { beacon, counts, drops, flush } = setup();
    for (let i = 0; i < 5; i++) await beacon({ type: "visit", path: "/br" });
    await beacon({ type: "visit", path: "/br" }, { "x-real-ip": "203.0.113.8" });
    await flush();
    expect(counts).toEqual([expect.objectContaining({ market: "br", visits: 4, visitors: 2 })]);
    expect(drops).toEqual(["rate", "rate"]);
  });

  it("without a trusted client address, holds everyone's beacons to the site-wide ceiling and says so once", async () => {
    const { limits, windowMs, ceilingNotice } = limitsFor(
      "beacon",
      readServerEnv({ VISIT_RATE_LIMIT_GLOBAL_PER_MINUTE: "3" }),
    );
    expect(limits.perClient).toBe(0);
    const logs = captureLogs();
    try {
      const { beacon, counts, drops, flush } = setup({
        visitors: undefined,
        address: () => undefined,
        limiter: new MemoryRateLimiter(limits, { windowMs, ceilingNotice }),
      });
      for (let i = 0; i < 5; i++) await beacon({ type: "visit", path: "/mx" }, { "x-real-ip": `198.51.100.${i}` });
      await flush();
      expect(counts).toEqual([expect.objectContaining({ visits: 3 })]);
      expect(drops).toEqual(["rate", "rate"]);
      expect(logs.events("rate_limit.global_ceiling")).toEqual([
        expect.objectContaining({
          level: "warn",
          limit: 3,
          msg: expect.stringContaining("VISIT_RATE_LIMIT_GLOBAL_PER_MINUTE"),
        }),
      ]);
    } finally {
      logs.restore();
    }
  });

  it("counts a reload as a visit but not a new visitor, and a form start as such", async () => {
    const { beacon, counts, flush } = setup();
    await beacon({ type: "visit", path: "/ar" });
    await beacon({ type: "visit", path: "/ar" });
    await beacon({ type: "start", path: "/ar" });
    await flush();
    expect(counts).toEqual([expect.objectContaining({ visits: 2, visitors: 1, formStarts: 1 })]);
  });

  it("reports visitors as unavailable without a trusted client address", async () => {
    const { beacon, counts, flush } = setup({ visitors: undefined, address: () => undefined });
    await beacon({ type: "visit", path: "/ar" });
    await flush();
    expect(counts).toEqual([expect.objectContaining({ visits: 1, visitors: null })]);
  });

  it("keeps field speed as histogram buckets, ignoring values no browser reports", async () => {
    const { beacon, vitals, flush } = setup();
    await beacon({ type: "vitals", path: "/mx", vitals: { LCP: 1234.5, CLS: 0.02, INP: -1, TTFB: 5 } });
    await beacon({ type: "vitals", path: "/mx", vitals: { LCP: 1e9, INP: 120 } });
    await flush();
    expect(vitals.map((v) => `${v.metric} ${v.bucket} ${v.samples}`).sort()).toEqual([
      "CLS 2 1",
      "INP 4 1",
      "LCP 12 1",
    ]);
  });

  it("counts nothing where counting is off, and refuses other methods", async () => {
    const { beacon, drops } = setup({ buffer: undefined });
    expect((await beacon({ type: "visit", path: "/mx" })).status).toBe(204);
    expect(drops).toEqual(["off"]);
    const get = await handleBeacon(new Request(`${ORIGIN}/api/beacon`), {} as BeaconDeps);
    expect(get.status).toBe(405);
  });
});
