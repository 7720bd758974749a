import { describe, expect, it } from "vitest";
import { DIRECT, OTHER } from "@/lib/analytics/campaign-key";
import type {
  CountRow,
  CountsStore,
  DayRange,
  GroupedCountRow,
  LeadCountRow,
  StageCountRow,
} from "@/lib/analytics/counts-store-contract";
import { readResults, shownTotals } from "@/lib/analytics/results";
import { joinResults, leadPage, totalOf, vitalSummaries } from "@/lib/analytics/results-join";
import { isParamError, parseResultsQuery, previousPeriod, type Grouping } from "@/lib/analytics/results-params";
import { groupId, groupOf, partsOf, type VisitorGroup } from "@/lib/analytics/visitor-groupings";
import { bucketOf } from "@/lib/analytics/vitals-buckets";
import { MARKET_TIME_ZONES } from "@/lib/markets/time-zones";

const parse = (query: string) => parseResultsQuery(new URLSearchParams(query));

describe("GET /api/results' parameters", () => {
  it("take a range, a market and groupings (page when none is given)", () => {
    expect(parse("from=2026-11-01&to=2026-11-07")).toEqual({ from: "2026-11-01", to: "2026-11-07", by: ["page"] });
    expect(parse("from=2026-11-01&to=2026-11-01&market=br&by=campaign&by=device&by=campaign")).toEqual({
      from: "2026-11-01",
      to: "2026-11-01",
      market: "br",
      by: ["campaign", "device"],
    });
    // 366 days: a leap year's whole.
    expect(isParamError(parse("from=2028-01-01&to=2028-12-31"))).toBe(false);
  });

  it.each([
    ["to=2026-11-07", "from"],
    ["from=2026-11-1&to=2026-11-07", "from"],
    ["from=2026-02-30&to=2026-03-07", "from"],
    ["from=2026-11-01", "to"],
    ["from=2026-11-01&to=tomorrow", "to"],
    ["from=2026-11-08&to=2026-11-07", "to"],
    ["from=2025-01-01&to=2026-01-02", "to"],
    ["from=2026-11-01&to=2026-11-07&by=country", "by"],
    ["from=2026-11-01&to=2026-11-07&by=", "by"],
    ["from=2026-11-01&to=2026-11-07&market=de", "market"],
  ])("refuse %s, naming %s", (query, parameter) => {
    const result = parse(query);
    expect(isParamError(result) && result.parameter).toBe(parameter);
  });

  it("compare with the period of equal length just before", () => {
    expect(previousPeriod("2026-11-01", "2026-11-07")).toEqual({ from: "2026-10-25", to: "2026-10-31" });
    expect(previousPeriod("2026-03-01", "2026-03-01")).toEqual({ from: "2026-02-28", to: "2026-02-28" });
  });
});

/** A slice's counts, with the distinct visitors the slice alone had. */
type SliceCount = CountRow & { visitors: number | null };
const count = (overrides: Partial<SliceCount>): SliceCount => ({
  day: "2026-11-27",
  market: "mx",
  page: "/mx",
  device: "phone",
  variant: "",
  ...DIRECT,
  visits: 0,
  formStarts: 0,
  visitors: 0,
  ...overrides,
});
/**
 * The slices' counts grouped as the store answers them for a grouping, here with no visitor in two slices: each
 * group's visitors are its slices' added up (the store's own, distinct, are tested on the databases).
 */
const grouped = (rows: readonly SliceCount[], parts: number): GroupedCountRow[] => {
  const groups = new Map<string, GroupedCountRow>();
  for (const row of rows) {
    const id = groupId(row, parts);
    const group = groups.get(id);
    if (!group) {
      const key: Partial<VisitorGroup> = groupOf(row, parts);
      delete key.groupedBy;
      groups.set(id, {
        ...(key as GroupedCountRow),
        visits: row.visits,
        formStarts: row.formStarts,
        visitors: row.visitors,
      });
    } else {
      group.visits += row.visits;
      group.formStarts += row.formStarts;
      group.visitors = group.visitors === null || row.visitors === null ? null : group.visitors + row.visitors;
    }
  }
  return [...groups.values()];
};
/** The join as the results make it: the rows grouped as asked, the totals from each market's. */
const join = (rows: readonly SliceCount[], leads: LeadCountRow[], by: Grouping[], stages: StageCountRow[] = []) => ({
  rows: joinResults(grouped(rows, partsOf(by)), leads, by, stages),
  totals: totalOf(joinResults(grouped(rows, partsOf([])), leads, [], stages)),
});
const lead = (overrides: Partial<LeadCountRow>): LeadCountRow => ({
  day: "2026-11-27",
  market: "mx",
  pageSlug: null,
  source: null,
  medium: null,
  campaign: null,
  platform: null,
  held: false,
  leads: 1,
  ...overrides,
});
const google = { source: "google", medium: "cpc", campaign: "china" };

describe("the join of visits and leads by slice", () => {
  const counts = [
    count({ visits: 120, visitors: 100, formStarts: 12 }),
    count({ device: "desktop", visits: 30, visitors: 20, formStarts: 5 }),
    count({ page: "/mx/importadores-china", ...google, visits: 200, visitors: 160, formStarts: 30 }),
    count({ day: "2026-11-28", page: "/mx/importadores-china", ...google, visits: 50, visitors: 40 }),
    count({ market: "br", page: "/br", visits: 10, visitors: 10 }),
  ];
  const leads = [
    lead({ leads: 3 }),
    lead({ pageSlug: "importadores-china", source: "Google", medium: "CPC", campaign: "China", leads: 8 }),
    lead({ day: "2026-11-28", pageSlug: "importadores-china", ...google, leads: 2 }),
    lead({ pageSlug: "importadores-china", ...google, held: true, leads: 4 }),
    lead({ market: "br", leads: 12 }),
  ];

  it("puts a lead in its visits' page and campaign, held apart, with the rate and its interval", () => {
    const { rows, totals } = join(counts, leads, ["page", "campaign"]);
    const china = rows.find((r) => r.page === "/mx/importadores-china")!;
    expect(china).toMatchObject({ ...google, visits: 250, visitors: 200, formStarts: 30, leads: 10, held: 4 });
    expect(china.conversionRate!.value).toBeCloseTo(0.05);
    expect(china.conversionRate!.low).toBeLessThan(0.05);
    expect(china.conversionRate!.high).toBeGreaterThan(0.05);
    expect(rows.find((r) => r.page === "/mx")).toMatchObject({ ...DIRECT, visits: 150, visitors: 120, leads: 3 });
    expect(totals).toMatchObject({ visits: 410, visitors: 330, formStarts: 47, leads: 25, held: 4 });
  });

  it("shows no rate where leads exceed visitors (their beacons were blocked), and says so", () => {
    const br = join(counts, leads, ["page"]).rows.find((r) => r.market === "br")!;
    expect(br).toMatchObject({ visitors: 10, leads: 12, conversionRate: null, leadsExceedVisitors: true });
  });

  it("reports visitors as unavailable where they were not counted", () => {
    const { rows } = join([count({ visits: 5, visitors: null })], [lead({ leads: 1 })], ["page"]);
    expect(rows[0]).toMatchObject({ visits: 5, visitors: null, leads: 1, conversionRate: null });
  });

  it("sends a lead whose campaign the counts capped that day to (other)", () => {
    const capped = [count({ ...OTHER, visits: 40, visitors: 30 }), count({ ...google, visits: 10, visitors: 10 })];
    const { rows } = join(
      capped,
      [lead({ source: "newsletter-9999", leads: 2 }), lead({ ...google, leads: 1 })],
      ["campaign"],
    );
    expect(rows.find((r) => r.source === OTHER.source)).toMatchObject({ visits: 40, leads: 2 });
    expect(rows.find((r) => r.source === "google")).toMatchObject({ visits: 10, leads: 1 });
  });

  it("never sends a direct lead or an ad click's to (other), as the counts never do, even on a capped day", () => {
    const capped = [count({ ...OTHER, visits: 40, visitors: 30 })];
    const { rows } = join(capped, [lead({ leads: 2 }), lead({ platform: "meta", leads: 1 })], ["campaign"]);
    expect(rows.find((r) => r.source === OTHER.source)).toMatchObject({ visits: 40, leads: 0 });
    expect(rows.find((r) => r.source === DIRECT.source)).toMatchObject({ visits: 0, leads: 2 });
    expect(rows.find((r) => r.source === "meta")).toMatchObject({ medium: "(click id)", visits: 0, leads: 1 });
  });

  it("counts a lead with only a click id under its ad platform, as the visit was", () => {
    const clicked = { source: "google", medium: "(click id)", campaign: "(not set)" };
    const { rows } = join(
      [count({ ...clicked, visits: 9, visitors: 9 })],
      [lead({ platform: "google" })],
      ["campaign"],
    );
    expect(rows).toEqual([expect.objectContaining({ ...clicked, visits: 9, leads: 1 })]);
  });

  it("puts sales' qualified and won leads beside the leads of their slice, with their share of them", () => {
    const judged = (overrides: Partial<StageCountRow>): StageCountRow => ({
      day: "2026-11-27",
      market: "mx",
      pageSlug: "importadores-china",
      ...google,
      platform: null,
      qualified: 0,
      won: 0,
      ...overrides,
    });
    const stages = [
      judged({ qualified: 4, won: 1 }),
      judged({ day: "2026-11-28", qualified: 1 }),
      judged({ pageSlug: null, ...{ source: null, medium: null, campaign: null }, qualified: 1 }),
    ];
    const { rows, totals } = join(counts, leads, ["page", "campaign"], stages);
    const china = rows.find((r) => r.page === "/mx/importadores-china")!;
    expect(china).toMatchObject({ leads: 10, qualified: 5, won: 1, qualifiedRate: 0.5, wonRate: 0.1 });
    expect(rows.find((r) => r.page === "/mx")).toMatchObject({ leads: 3, qualified: 1, won: 0 });
    expect(rows.find((r) => r.market === "br")).toMatchObject({ leads: 12, qualified: 0, won: 0, qualifiedRate: 0 });
    expect(totals).toMatchObject({ leads: 25, qualified: 6, won: 1, qualifiedRate: 6 / 25, wonRate: 1 / 25 });
    // By variant, a verdict counts in the variant its lead saw.
    const variant = "titulo-china--ahorro";
    const byVariant = join(
      counts,
      [lead({ variant, leads: 2 }), lead({ leads: 1 })],
      ["variant"],
      [judged({ variant, qualified: 2, won: 1 })],
    );
    expect(byVariant.rows.find((r) => r.variant === variant)).toMatchObject({ leads: 2, qualified: 2, won: 1 });
    expect(byVariant.rows.find((r) => r.market === "mx" && r.variant === "")).toMatchObject({ qualified: 0 });
    // Without leads there is no share of them.
    expect(join([count({ visits: 3 })], [], ["page"]).rows[0]).toMatchObject({ qualifiedRate: null });
  });

  it("by device puts each lead with the visits of its device; one stored before devices were recorded has a row of its own", () => {
    const byDevice = [
      lead({ device: "phone", leads: 2 }),
      lead({ device: "desktop", leads: 1 }),
      lead({ device: "desktop", held: true, leads: 1 }),
      lead({ device: "", leads: 4 }),
    ];
    const { rows, totals } = join(counts, byDevice, ["device"]);
    const mx = (device?: string) => rows.find((r) => r.market === "mx" && r.device === device);
    expect(mx("phone")).toMatchObject({ visits: 370, visitors: 300, leads: 2, held: 0 });
    expect(mx("desktop")).toMatchObject({ visits: 30, visitors: 20, leads: 1, held: 1 });
    expect(mx("desktop")!.conversionRate!.value).toBeCloseTo(1 / 20);
    expect(mx(undefined)).toMatchObject({ visits: 0, visitors: null, leads: 4 });
    expect(totals).toMatchObject({ leads: 7, held: 1 });
  });

  it("reads field speed's 75th percentile per page from the range's histograms", () => {
    const rows = [
      { market: "mx" as const, page: "/mx", device: "phone" as const, metric: "LCP" as const, samples: 3 },
      { market: "mx" as const, page: "/mx", device: "desktop" as const, metric: "LCP" as const, samples: 1 },
    ].map((r, i) => ({ ...r, bucket: bucketOf("LCP", i === 0 ? 1150 : 4100) }));
    expect(vitalSummaries(rows)).toEqual([
      { market: "mx", page: "/mx", LCP: { value: 1200, over: false, samples: 4 }, INP: null, CLS: null },
    ]);
  });
});

describe("the Results tool's CSV", () => {
  it("quotes what needs quoting, and shows a formula-like campaign as text", async () => {
    const { toCsv } = await import("@/studio/results-tool/results-csv");
    const csv = toCsv(
      ["Campaña", "Visitas"],
      [
        ['=HYPERLINK("https://evil.example")', 3],
        ['black friday, "mx"', -1],
        [null, 0.0512],
      ],
    );
    expect(csv).toBe(
      '\ufeffCampaña,Visitas\r\n"\'=HYPERLINK(""https://evil.example"")",3\r\n"black friday, ""mx""",-1\r\n,0.0512\r\n',
    );
  });
});

describe("the totals the Results tool shows for one page", () => {
  /** A store holding `counts`, `leads` and sales' `stages`, read by day range and market as the SQL functions read them. */
  const storeOf = (counts: SliceCount[], leads: LeadCountRow[], stages: StageCountRow[]): CountsStore => {
    const within =
      ({ from, to, market }: DayRange) =>
      (row: { day: string; market: string }) =>
        row.day >= from && row.day <= to && (!market || row.market === market);
    return {
      recordCounts: async () => undefined,
      recordVisitors: async () => undefined,
      recordVitals: async () => undefined,
      countRows: async (range, parts) => grouped(counts.filter(within(range)), parts),
      vitalRows: async () => [],
      leadRows: async (range) => leads.filter(within(range)),
      stageRows: async (range) => stages.filter(within(range)),
    };
  };
  const china = "/mx/importadores-china";
  const counts = [
    count({ visits: 120, visitors: 100, formStarts: 12 }),
    count({ page: china, ...google, visits: 200, visitors: 160, formStarts: 30 }),
    count({ page: china, device: "desktop", visits: 40, visitors: 30, formStarts: 2 }),
    count({ day: "2026-11-20", page: china, ...google, visits: 90, visitors: 80, formStarts: 9 }),
    count({ day: "2026-11-20", visits: 60, visitors: 50 }),
  ];
  const leads = [
    lead({ leads: 3 }),
    lead({ pageSlug: "importadores-china", ...google, leads: 8 }),
    lead({ pageSlug: "importadores-china", held: true, leads: 2 }),
    lead({ day: "2026-11-20", pageSlug: "importadores-china", ...google, leads: 4 }),
  ];
  const judged = (overrides: Partial<StageCountRow>): StageCountRow => ({
    ...lead({}),
    qualified: 0,
    won: 0,
    ...overrides,
  });
  const stages = [
    judged({ qualified: 1 }),
    judged({ pageSlug: "importadores-china", ...google, qualified: 5, won: 2 }),
    judged({ day: "2026-11-20", pageSlug: "importadores-china", ...google, qualified: 3, won: 1 }),
  ];

  it.each<[Grouping[]]>([[["page", "campaign"]], [["page", "device"]], [["page"]]])(
    "are that page's own figures, rate and previous period (by %s)",
    async (by) => {
      const query = { from: "2026-11-21", to: "2026-11-27", market: "mx" as const, by };
      const all = await readResults(storeOf(counts, leads, stages), query, MARKET_TIME_ZONES);
      const alone = await readResults(
        storeOf(
          counts.filter((row) => row.page === china),
          leads.filter((row) => leadPage(row) === china),
          stages.filter((row) => leadPage(row) === china),
        ),
        query,
        MARKET_TIME_ZONES,
      );
      // The page's own figures, whatever its rows are broken down by: by device too, where rows hold no leads.
      const shown = shownTotals(all, china);
      expect(shown).toEqual(alone.totals);
      expect(shown.visits).toBe(240);
      expect(shownTotals(all, "")).toBe(all.totals);
    },
  );
});
