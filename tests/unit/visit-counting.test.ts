import { describe, expect, it } from "vitest";
import { campaignKey, CLICK_ID_MEDIUM, DIRECT, normalisePart, NOT_SET, OTHER } from "@/lib/analytics/campaign-key";
import { CountBuffer } from "@/lib/analytics/count-buffer";
import type { CountRow, CountsStore, VitalRow } from "@/lib/analytics/counts-store-contract";
import { deviceClass, pageOf, type Slice } from "@/lib/analytics/slices";
import { MemoryVisitorCounter } from "@/lib/analytics/visitor-counter";
import { EVERY_PART, partsOf, type VisitorCount } from "@/lib/analytics/visitor-groupings";
import { BUCKET_EDGES, bucketOf, percentileOf } from "@/lib/analytics/vitals-buckets";
import { wilsonInterval } from "@/lib/analytics/wilson";
import { marketDay } from "@/lib/markets/time-zones";
import { captureLogs } from "../support/telemetry/log-lines";

describe("the campaign key a visit and a lead count under", () => {
  it("is the last touch's source, medium and campaign, normalised the same way every time", () => {
    expect(campaignKey({ utm_source: " Google ", utm_medium: "CPC", utm_campaign: "Importadores  China" })).toEqual({
      source: "google",
      medium: "cpc",
      campaign: "importadores china",
    });
    // Full-width letters (an IME), no-break and repeated spaces, and case fold to one key.
    expect(
      campaignKey({ utm_source: "ＧＯＯＧＬＥ", utm_medium: "cpc ", utm_campaign: "importadores\u00a0 china" }),
    ).toEqual(campaignKey({ utm_source: "google", utm_medium: "cpc", utm_campaign: "importadores china" }));
    expect(campaignKey({ utm_source: "newsletter" })).toEqual({
      source: "newsletter",
      medium: NOT_SET,
      campaign: NOT_SET,
    });
  });

  it("drops control, direction and invisible characters, and cuts each part to 200 characters", () => {
    expect(normalisePart("a\u202eb\u200bc\u0007")).toBe("abc");
    expect([...normalisePart("é".repeat(500))!]).toHaveLength(200);
    expect(normalisePart("   ")).toBeUndefined();
    expect(normalisePart(42)).toBeUndefined();
  });

  it("counts an ad click with only a click id under its platform, and anything else as direct", () => {
    expect(campaignKey({ platform: "google" })).toEqual({
      source: "google",
      medium: CLICK_ID_MEDIUM,
      campaign: NOT_SET,
    });
    expect(campaignKey({ platform: "meta" }).source).toBe("meta");
    expect(campaignKey({ platform: "tiktok" })).toEqual(DIRECT);
    expect(campaignKey({})).toEqual(DIRECT);
    expect(campaignKey(undefined)).toEqual(DIRECT);
    // Campaign parameters win over the click id's platform.
    expect(campaignKey({ utm_source: "google", utm_medium: "cpc", platform: "google" }).medium).toBe("cpc");
  });
});

describe("the page a path counts under", () => {
  const campaigns = (market: string, slug: string) => market === "mx" && slug === "importadores-china";
  it("is the campaign page when published, else the market's page; nothing outside the markets", () => {
    expect(pageOf("/mx/importadores-china", campaigns)).toBe("/mx/importadores-china");
    expect(pageOf("/mx/importadores-china/extra", campaigns)).toBe("/mx/importadores-china");
    expect(pageOf("/mx/unknown", campaigns)).toBe("/mx");
    expect(pageOf("/br", campaigns)).toBe("/br");
    expect(pageOf("/br/importadores-china", campaigns)).toBe("/br");
    expect(pageOf("/de", campaigns)).toBeUndefined();
    expect(pageOf("/", campaigns)).toBeUndefined();
    expect(pageOf("https://evil.example/mx", campaigns)).toBeUndefined();
    expect(pageOf(`/mx/${"a".repeat(5000)}`, campaigns)).toBeUndefined();
  });
});

describe("the device class", () => {
  const headers = (h: Record<string, string>) => new Headers(h);
  it("follows Chromium's mobile client hint, else 'Mobi' in the user agent; tablets are desktops", () => {
    expect(deviceClass(headers({ "sec-ch-ua-mobile": "?1" }))).toBe("phone");
    expect(deviceClass(headers({ "sec-ch-ua-mobile": "?0", "user-agent": "Mobile" }))).toBe("desktop");
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
    expect(deviceClass(headers({ "user-agent": iphone }))).toBe("phone");
    expect(deviceClass(headers({ "user-agent": iphone.replace("iPhone;", "iPad;") }))).toBe("desktop");
    expect(deviceClass(headers({ "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" }))).toBe("desktop");
  });
});

describe("the market's day", () => {
  it("is the calendar day in the market's time zone", () => {
    const at = new Date("2026-11-28T02:30:00Z");
    expect(marketDay("mx", at)).toBe("2026-11-27");
    expect(marketDay("br", at)).toBe("2026-11-27");
    expect(marketDay("mx", new Date("2026-11-28T06:30:00Z"))).toBe("2026-11-28");
  });
});

describe("the daily salt of visitors' hashes", () => {
  it("gives one visitor one hash all day, another the next day, and never the same across markets", async () => {
    const counter = new MemoryVisitorCounter();
    const today = await counter.visitor("mx", "2026-11-27", "203.0.113.7", "Firefox");
    expect(await counter.visitor("mx", "2026-11-27", "203.0.113.7", "Firefox")).toBe(today);
    expect(await counter.visitor("mx", "2026-11-27", "203.0.113.8", "Firefox")).not.toBe(today);
    expect(await counter.visitor("mx", "2026-11-27", "203.0.113.7", "Chrome")).not.toBe(today);
    expect(await counter.visitor("mx", "2026-11-28", "203.0.113.7", "Firefox")).not.toBe(today);
    expect(await counter.visitor("br", "2026-11-27", "203.0.113.7", "Firefox")).not.toBe(today);
    // The hash holds neither the address nor the agent.
    expect(today).not.toContain("203.0.113.7");
    expect(today).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("forgets a day's salt and hashes once the day is two days old", async () => {
    const counter = new MemoryVisitorCounter();
    const first = await counter.visitor("mx", "2026-11-25", "203.0.113.7", "Firefox");
    await counter.addAndCount("2026-11-25", new Map([["s", [first]]]));
    await counter.visitor("mx", "2026-11-26", "203.0.113.7", "Firefox");
    expect(await counter.visitor("mx", "2026-11-25", "203.0.113.7", "Firefox")).toBe(first);
    await counter.visitor("mx", "2026-11-27", "203.0.113.7", "Firefox");
    // The 25th's salt is gone: the same person now hashes differently, and that day's set is empty again.
    expect(await counter.visitor("mx", "2026-11-25", "203.0.113.7", "Firefox")).not.toBe(first);
    expect((await counter.addAndCount("2026-11-25", new Map([["s", []]]))).get("s")).toBe(0);
  });

  it("counts each slice's distinct visitors of the day", async () => {
    const counter = new MemoryVisitorCounter();
    expect([...(await counter.addAndCount("2026-11-27", new Map([["a", ["x", "y", "x"]]])))]).toEqual([["a", 2]]);
    expect([
      ...(await counter.addAndCount(
        "2026-11-27",
        new Map([
          ["a", ["y", "z"]],
          ["b", ["x"]],
        ]),
      )),
    ]).toEqual([
      ["a", 3],
      ["b", 1],
    ]);
  });
});

describe("the Wilson interval", () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])("%i of %i is %f to %f, as Newcombe's worked examples", (successes, trials, low, high) => {
    const interval = wilsonInterval(successes, trials)!;
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it("has none without trials, or with more successes than trials (leads from blocked beacons)", () => {
    expect(wilsonInterval(0, 0)).toBeUndefined();
    expect(wilsonInterval(5, 3)).toBeUndefined();
    expect(wilsonInterval(3, 3)).toEqual({ low: expect.closeTo(0.4385, 4), high: 1 });
  });
});

describe("field-speed histograms", () => {
  it("puts each sample in a fixed bucket, the last one open", () => {
    expect(bucketOf("LCP", 0)).toBe(0);
    expect(bucketOf("LCP", 99)).toBe(0);
    expect(bucketOf("LCP", 100)).toBe(1);
    expect(BUCKET_EDGES.LCP[bucketOf("LCP", 2499)]).toBe(2500);
    expect(BUCKET_EDGES.LCP[bucketOf("LCP", 2500)]).toBe(2750);
    expect(bucketOf("LCP", 60_000)).toBe(BUCKET_EDGES.LCP.length);
    expect(BUCKET_EDGES.CLS[bucketOf("CLS", 0.1)]).toBeCloseTo(0.11);
    expect(BUCKET_EDGES.INP[bucketOf("INP", 199)]).toBe(200);
  });

  it("reads the 75th percentile back as the upper edge of the bucket that reaches 75% of the samples", () => {
    const histogram = (values: number[]) => {
      const buckets = new Map<number, number>();
      for (const v of values) buckets.set(bucketOf("LCP", v), (buckets.get(bucketOf("LCP", v)) ?? 0) + 1);
      return buckets;
    };
    // 100 samples: 75 under 1.2 s, 25 at 3 s: p75 is in the 1.1-1.2 s bucket.
    const values = [...Array<number>(75).fill(1150), ...Array<number>(25).fill(3000)];
    expect(percentileOf("LCP", histogram(values))).toEqual({ value: 1200, over: false, samples: 100 });
    // One more slow sample moves it into the 3 s bucket (76th of 101 is slow).
    expect(percentileOf("LCP", histogram([...values, 3000]))).toEqual({ value: 3250, over: false, samples: 101 });
    expect(percentileOf("LCP", histogram([20_000, 20_000, 20_000, 100]))).toEqual({
      value: 10_000,
      over: true,
      samples: 4,
    });
    expect(percentileOf("LCP", new Map())).toBeUndefined();
  });
});

/** A store that keeps what it is given, and can be switched off. */
function memoryStore() {
  const written: CountRow[][] = [];
  const visitors: VisitorCount[][] = [];
  const vitals: VitalRow[][] = [];
  const state = { down: false };
  const store: CountsStore = {
    async recordCounts(rows) {
      if (state.down) throw new Error("down");
      written.push(rows.map((r) => ({ ...r })));
    },
    async recordVisitors(rows) {
      if (state.down) throw new Error("down");
      visitors.push(rows.map((r) => ({ ...r })));
    },
    async recordVitals(rows) {
      if (state.down) throw new Error("down");
      vitals.push([...rows]);
    },
    countRows: async () => [],
    vitalRows: async () => [],
    leadRows: async () => [],
    stageRows: async () => [],
  };
  return { store, written, visitors, vitals, state };
}

const slice = (overrides: Partial<Slice> = {}): Slice => ({
  day: "2026-11-27",
  market: "mx",
  page: "/mx",
  device: "phone",
  variant: "",
  ...DIRECT,
  ...overrides,
});

describe("one instance's buffer of counts", () => {
  it("writes every slice's increments in one batch, not one write per visit", async () => {
    const { store, written, visitors } = memoryStore();
    const buffer = new CountBuffer(store, new MemoryVisitorCounter(), { flushMs: 60_000 });
    for (let i = 0; i < 1000; i++) buffer.visit(slice(), `v${i % 10}`);
    buffer.formStart(slice());
    buffer.visit(slice({ device: "desktop" }));
    await buffer.flush();
    expect(written).toHaveLength(1);
    expect(written[0]).toEqual([
      expect.objectContaining({ device: "phone", visits: 1000, formStarts: 1 }),
      expect.objectContaining({ device: "desktop", visits: 1, formStarts: 0 }),
    ]);
    // The phone's ten visitors, in each of the sixteen groups its slice falls in; the desktop visit came with none.
    expect(visitors).toHaveLength(1);
    expect(visitors[0]).toHaveLength(16);
    expect(new Set(visitors[0]!.map((row) => row.visitors))).toEqual(new Set([10]));
    expect(visitors[0]!.find((row) => row.groupedBy === EVERY_PART)).toMatchObject({ device: "phone", page: "/mx" });
    // Nothing new: nothing written.
    await buffer.flush();
    expect(written).toHaveLength(1);
    buffer.stop();
  });

  it("counts a visitor once in every group that holds two of their slices, and in each slice once", async () => {
    const { store, visitors } = memoryStore();
    const buffer = new CountBuffer(store, new MemoryVisitorCounter(), { flushMs: 60_000 });
    const campaign = { page: "/mx/importadores-china", source: "google", medium: "cpc", campaign: "china" };
    // Ana sees the campaign page from an ad, then the market's page; Luis only the market's page.
    buffer.visit(slice(campaign), "ana");
    buffer.visit(slice(), "ana");
    buffer.visit(slice(), "luis");
    await buffer.flush();
    const of = (groupedBy: number, match: Partial<VisitorCount> = {}) =>
      visitors[0]!
        .filter(
          (row) =>
            row.groupedBy === groupedBy && Object.entries(match).every(([k, v]) => row[k as keyof VisitorCount] === v),
        )
        .map((row) => row.visitors);
    expect(of(partsOf([]))).toEqual([2]);
    expect(of(partsOf(["device"]))).toEqual([2]);
    expect(of(partsOf(["page"]), { page: "/mx" })).toEqual([2]);
    expect(of(partsOf(["page"]), { page: campaign.page })).toEqual([1]);
    expect(of(partsOf(["campaign"]), { source: "google" })).toEqual([1]);
    expect(of(partsOf(["campaign"]), DIRECT)).toEqual([2]);
    expect(of(EVERY_PART).sort()).toEqual([1, 2]);
    buffer.stop();
  });

  it("writes no visitor count a returning visitor left unchanged", async () => {
    const { store, written, visitors } = memoryStore();
    const buffer = new CountBuffer(store, new MemoryVisitorCounter(), { flushMs: 60_000 });
    buffer.visit(slice(), "ana");
    await buffer.flush();
    buffer.visit(slice(), "ana");
    await buffer.flush();
    buffer.visit(slice({ device: "desktop" }), "luis");
    await buffer.flush();
    expect(written.map((batch) => batch.map((row) => row.visits))).toEqual([[1], [1], [1]]);
    // Ana's return changed no count; Luis's desktop visit changed the groups without the device, and his own.
    expect(visitors.map((batch) => batch.length)).toEqual([16, 0, 16]);
    expect(visitors[2]!.filter((row) => row.groupedBy === partsOf([]))).toEqual([
      expect.objectContaining({ visitors: 2 }),
    ]);
    buffer.stop();
  });

  it("keeps a group's running count of visitors while the store is down, the higher one when counted again", async () => {
    const { store, visitors, state } = memoryStore();
    const buffer = new CountBuffer(store, new MemoryVisitorCounter(), { flushMs: 60_000 });
    buffer.visit(slice(), "ana");
    state.down = true;
    await buffer.flush();
    buffer.visit(slice({ device: "desktop" }), "luis");
    state.down = false;
    await buffer.flush();
    expect(visitors).toHaveLength(1);
    const market = visitors[0]!.filter((row) => row.groupedBy === partsOf([]));
    expect(market).toEqual([expect.objectContaining({ market: "mx", visitors: 2 })]);
    expect(visitors[0]!.filter((row) => row.groupedBy === partsOf(["device"])).map((row) => row.visitors)).toEqual([
      1, 1,
    ]);
    buffer.stop();
  });

  it("keeps the increments while the store is down and writes them with the next batch", async () => {
    const { store, written, state } = memoryStore();
    const buffer = new CountBuffer(store, undefined, { flushMs: 60_000 });
    buffer.visit(slice());
    state.down = true;
    await buffer.flush();
    buffer.visit(slice());
    buffer.formStart(slice());
    state.down = false;
    await buffer.flush();
    expect(written).toEqual([[expect.objectContaining({ visits: 2, formStarts: 1 })]]);
    buffer.stop();
  });

  it("says how many increments it dropped when the store stays down past what it keeps", async () => {
    const { store, written, state } = memoryStore();
    const buffer = new CountBuffer(store, undefined, { flushMs: 60_000 });
    const logs = captureLogs();
    try {
      state.down = true;
      for (let i = 0; i < 50_003; i++) buffer.visit(slice({ variant: `v${i}` }));
      await buffer.flush();
      expect(buffer.size).toBe(50_000);
      expect(logs.events("visits.buffer_full")).toEqual([
        expect.objectContaining({ level: "warn", dropped: { slices: 3, visits: 3, formStarts: 0, samples: 0 } }),
      ]);
      state.down = false;
      await buffer.flush();
      expect(written[0]).toHaveLength(50_000);
    } finally {
      logs.restore();
      buffer.stop();
    }
  });

  it("counts a market's new campaign keys past the day's cap as (other), so made-up campaigns never grow it", async () => {
    const { store, written } = memoryStore();
    const buffer = new CountBuffer(store, undefined, { flushMs: 60_000, campaignCap: 3 });
    for (let i = 0; i < 10; i++) buffer.visit(slice({ source: `s${i}`, medium: "m", campaign: "c" }));
    buffer.visit(slice({ source: "s0", medium: "m", campaign: "c" }));
    buffer.visit(slice());
    buffer.visit(slice(campaignKey({ platform: "meta" })));
    buffer.visit(slice({ market: "br", page: "/br", source: "s9", medium: "m", campaign: "c" }));
    await buffer.flush();
    const rows = written[0]!.map((r) => `${r.market} ${r.source} ${r.visits}`);
    // Direct visits and ad clicks without campaign parameters are a fixed few keys: never capped.
    expect(rows).toEqual([
      "mx s0 2",
      "mx s1 1",
      "mx s2 1",
      `mx ${OTHER.source} 7`,
      "mx (direct) 1",
      "mx meta 1",
      "br s9 1",
    ]);
    buffer.stop();
  });

  it("writes field-speed samples as histogram buckets", async () => {
    const { store, vitals } = memoryStore();
    const buffer = new CountBuffer(store, undefined, { flushMs: 60_000 });
    const sample = { day: "2026-11-27", market: "mx" as const, page: "/mx", device: "phone" as const };
    buffer.vital({ ...sample, metric: "LCP", bucket: 3 });
    buffer.vital({ ...sample, metric: "LCP", bucket: 3 });
    buffer.vital({ ...sample, metric: "CLS", bucket: 0 });
    await buffer.flush();
    expect(vitals[0]).toEqual([
      { ...sample, metric: "LCP", bucket: 3, samples: 2 },
      { ...sample, metric: "CLS", bucket: 0, samples: 1 },
    ]);
    buffer.stop();
  });
});
