import { randomBytes } from "node:crypto";
import { jStat } from "jstat";
import { describe, expect, it } from "vitest";
import { pickVariant } from "@/lib/experiments/assignment";
import {
  experimentDefinitions,
  runningExperiments,
  type RunningExperiment,
} from "@/lib/experiments/experiment-content";
import { experimentResults } from "@/lib/experiments/experiment-results";
import {
  posterior,
  probabilityToBeat,
  rateInterval,
  relativeDifference,
  sampleRatioMismatch,
  visitorsPerVariant,
} from "@/lib/experiments/experiment-stats";
import { EXPERIMENT_COOKIE_MAX_DAYS } from "@/lib/experiments/experiment-cookie";
import { variantRouting } from "@/lib/experiments/variant-routing";
import type { GroupedCountRow, LeadCountRow } from "@/lib/analytics/counts-store-contract";

const PERSON =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const NOW = new Date("2026-11-27T18:00:00Z");

const titleTest = (overrides: Partial<RunningExperiment> = {}): RunningExperiment => ({
  key: "mx-china-titulo",
  market: "mx",
  page: "/mx/importadores-china",
  plannedEnd: new Date("2026-12-20T00:00:00Z"),
  variants: [
    { key: "control", weight: 0.5 },
    { key: "ahorro", weight: 0.5 },
  ],
  ...overrides,
});

/** Uniform numbers in [0, 1) from the same source the proxy draws from, a million at a time. */
function* uniforms(count: number) {
  const bytes = randomBytes(count * 4);
  for (let i = 0; i < count; i++) yield bytes.readUInt32LE(i * 4) / 2 ** 32;
}

describe("assignment", () => {
  it.each([[[0.5, 0.5]], [[0.7, 0.3]], [[0.5, 0.25, 0.25]], [[0.1, 0.2, 0.3, 0.4]]])(
    "puts 1,000,000 new visitors within 0.5%% of the split %j",
    (weights) => {
      const variants = weights.map((weight, i) => ({ key: `v${i}`, weight }));
      const seen = new Map<string, number>();
      for (const random of uniforms(1_000_000)) {
        const key = pickVariant(variants, random);
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      for (const { key, weight } of variants)
        expect(Math.abs(seen.get(key)! / 1_000_000 - weight), key).toBeLessThan(0.005);
    },
  );

  it("gives a new visitor a variant and a cookie naming it until the planned end, and keeps it on every page after", () => {
    const running = [titleTest()];
    const first = variantRouting({
      page: "/mx/importadores-china",
      running,
      cookie: undefined,
      userAgent: PERSON,
      now: NOW,
      random: () => 0.9,
    });
    expect(first).toEqual({
      header: "importadores-china.mx-china-titulo--ahorro",
      cookie: { value: "mx-china-titulo--ahorro", expires: new Date("2026-12-20T00:00:00Z") },
    });
    // Back with the cookie: the same variant whatever the draw, and the cookie left as it is; on another page, nothing.
    const again = variantRouting({
      page: "/mx/importadores-china",
      running,
      cookie: "mx-china-titulo--ahorro",
      userAgent: PERSON,
      now: NOW,
      random: () => 0,
    });
    expect(again).toEqual({ header: "importadores-china.mx-china-titulo--ahorro" });
    expect(
      variantRouting({
        page: "/mx",
        running,
        cookie: "mx-china-titulo--ahorro",
        userAgent: PERSON,
        now: NOW,
        random: () => 0.9,
      }),
    ).toEqual({});
  });

  it("sends the control to the page as published, with its cookie", () => {
    const routing = variantRouting({
      page: "/mx/importadores-china",
      running: [titleTest()],
      cookie: undefined,
      userAgent: PERSON,
      now: NOW,
      random: () => 0.1,
    });
    expect(routing.header).toBeUndefined();
    expect(routing.cookie?.value).toBe("mx-china-titulo--control");
  });

  it("gives a crawler or a link preview the control and no cookie", () => {
    for (const agent of [GOOGLEBOT, "facebookexternalhit/1.1", "WhatsApp/2.23.20.0", ""])
      expect(
        variantRouting({
          page: "/mx/importadores-china",
          running: [titleTest()],
          cookie: undefined,
          userAgent: agent,
          now: NOW,
          random: () => 0.9,
        }),
        agent,
      ).toEqual({});
  });

  it("ignores and clears a cookie naming an experiment that stopped or a variant it no longer has", () => {
    expect(
      variantRouting({
        page: "/mx/importadores-china",
        running: [],
        cookie: "mx-china-titulo--ahorro",
        userAgent: PERSON,
        now: NOW,
        random: () => 0.9,
      }),
    ).toEqual({ cookie: null });
    const redrawn = variantRouting({
      page: "/mx/importadores-china",
      running: [titleTest()],
      cookie: "mx-china-titulo--otra.viejo--b",
      userAgent: PERSON,
      now: NOW,
      random: () => 0.1,
    });
    expect(redrawn).toEqual({
      cookie: { value: "mx-china-titulo--control", expires: new Date("2026-12-20T00:00:00Z") },
    });
  });

  it("keeps the cookie at most 90 days, for an experiment without a planned end too", () => {
    const routing = variantRouting({
      page: "/mx/importadores-china",
      running: [titleTest({ plannedEnd: null })],
      cookie: undefined,
      userAgent: PERSON,
      now: NOW,
      random: () => 0.9,
    });
    expect(routing.cookie?.expires).toEqual(new Date(NOW.getTime() + EXPERIMENT_COOKIE_MAX_DAYS * 86_400_000));
  });

  it("runs the first of two experiments published on one page, and none whose page or variants the site refuses", () => {
    const entry = (
      id: string,
      key: string,
      slug: string | null,
      variants: { key: string; weight: number | null }[] = [
        { key: "a", weight: null },
        { key: "b", weight: null },
      ],
    ) => ({
      _id: id,
      key,
      plannedEnd: null,
      page: slug ? { _type: "campaignPage", market: "mx", slug } : { _type: "landingPage", market: "mx" },
      variants,
    });
    const { running, refused } = runningExperiments([
      entry("e1", "first", "importadores-china"),
      entry("e2", "second", "importadores-china"),
      entry("e3", "market", null, [
        { key: "a", weight: 70 },
        { key: "b", weight: 30 },
      ]),
      entry("e4", "lonely", "otra", [{ key: "a", weight: null }]),
    ]);
    expect(running.map((e) => [e.key, e.page, e.variants.map((v) => v.weight)])).toEqual([
      ["first", "/mx/importadores-china", [0.5, 0.5]],
      ["market", "/mx", [0.7, 0.3]],
    ]);
    expect(refused).toEqual(["e2", "e4"]);
  });
});

describe("the posterior (prior Beta(1, 1))", () => {
  it("is Laplace's rule of succession, with the beta distribution's interval", () => {
    const b = posterior(120, 1000);
    expect(b).toEqual({ alpha: 121, beta: 881 });
    expect(b.alpha / (b.alpha + b.beta)).toBeCloseTo(121 / 1002, 12);
    const { low, high } = rateInterval(b);
    expect(jStat.beta.cdf(low, 121, 881)).toBeCloseTo(0.025, 9);
    expect(jStat.beta.cdf(high, 121, 881)).toBeCloseTo(0.975, 9);
  });

  it("gives P(B > A) of the textbook worked examples: Beta(2, 1) against a uniform is 2/3, Beta(1, 2) 1/3, equals 1/2", () => {
    expect(probabilityToBeat({ alpha: 1, beta: 1 }, { alpha: 2, beta: 1 })).toBeCloseTo(2 / 3, 12);
    expect(probabilityToBeat({ alpha: 1, beta: 1 }, { alpha: 1, beta: 2 })).toBeCloseTo(1 / 3, 12);
    expect(probabilityToBeat(posterior(30, 500), posterior(30, 500))).toBeCloseTo(0.5, 9);
  });

  it("agrees with a numerical integration of ∫ f_B(x) F_A(x) dx, and the two sides add up to 1", () => {
    for (const [a, b] of [
      [posterior(120, 200), posterior(100, 200)],
      [posterior(15, 500), posterior(22, 500)],
      [posterior(380, 10_000), posterior(430, 10_000)],
    ] as const) {
      const steps = 200_000;
      let integral = 0;
      for (let i = 0; i < steps; i++) {
        const x = (i + 0.5) / steps;
        integral += jStat.beta.pdf(x, b.alpha, b.beta) * jStat.beta.cdf(x, a.alpha, a.beta);
      }
      expect(probabilityToBeat(a, b)).toBeCloseTo(integral / steps, 4);
      expect(probabilityToBeat(a, b) + probabilityToBeat(b, a)).toBeCloseTo(1, 9);
    }
  });

  it("puts the relative difference's 95% interval around the observed lift", () => {
    const lift = relativeDifference(posterior(100, 1000), posterior(120, 1000));
    expect(lift.value).toBeCloseTo(121 / 101 - 1, 9);
    expect(lift.low).toBeLessThan(0);
    expect(lift.high).toBeGreaterThan(0.4);
  });
});

describe("the split's check (sample-ratio mismatch)", () => {
  it("flags 52/48 at 20,000 visitors and not 50.3/49.7", () => {
    expect(sampleRatioMismatch([10_400, 9_600], [0.5, 0.5])).toMatchObject({ mismatch: true });
    expect(sampleRatioMismatch([10_060, 9_940], [0.5, 0.5])).toMatchObject({ mismatch: false });
    expect(sampleRatioMismatch([10_060, 9_940], [0.5, 0.5])!.pValue).toBeCloseTo(0.396, 3);
  });

  it("tests against the configured shares, not an even split", () => {
    expect(sampleRatioMismatch([14_000, 6_000], [0.7, 0.3])).toMatchObject({ mismatch: false });
    expect(sampleRatioMismatch([14_000, 6_000], [0.5, 0.5])).toMatchObject({ mismatch: true });
  });
});

describe("an experiment's result", () => {
  it("counts each variant's visitors and leads on its page, compares it with the control and says what is still needed", () => {
    const [definition] = experimentDefinitions(
      [
        {
          _id: "experiment.mx-importadores-china-titulo",
          key: "mx-china-titulo",
          name: "Título",
          hypothesis: null,
          conclusion: null,
          shipped: null,
          plannedEnd: null,
          stoppedAt: null,
          example: true,
          page: { _type: "campaignPage", market: "mx", slug: "importadores-china" },
          variants: [
            { key: "control", name: "Control", weight: null },
            { key: "ahorro", name: "Ahorro", weight: null },
          ],
        },
      ],
      NOW,
    );
    // The counts by page and variant, as the results read them for the experiments.
    const count = (variant: string, visitors: number, page = "/mx/importadores-china"): GroupedCountRow => ({
      day: "2026-11-27",
      market: "mx",
      page,
      variant,
      visits: visitors,
      formStarts: 0,
      visitors,
    });
    const lead = (variant: string, leads: number, held = false): LeadCountRow => ({
      day: "2026-11-27",
      market: "mx",
      pageSlug: "importadores-china",
      source: null,
      medium: null,
      campaign: null,
      platform: null,
      held,
      variant,
      leads,
    });
    const [result] = experimentResults(
      [definition!],
      [count("mx-china-titulo--control", 10_400), count("mx-china-titulo--ahorro", 9_600), count("", 500, "/mx")],
      [
        lead("mx-china-titulo--control", 300),
        lead("mx-china-titulo--ahorro", 330),
        lead("mx-china-titulo--ahorro", 9, true),
      ],
    );
    expect(result!.variants.map((v) => [v.key, v.visitors, v.leads])).toEqual([
      ["control", 10_400, 300],
      ["ahorro", 9_600, 330],
    ]);
    expect(result!.sampleRatio!.mismatch).toBe(true);
    expect(result!.variants[1]!.probabilityToBeat).toBeGreaterThan(0.95);
    expect(result!.variants[0]!.relative).toBeNull();
    expect(result!.needed).toEqual({
      lift: 0.2,
      perVariant: visitorsPerVariant(300 / 10_400, 0.2),
      total: 2 * visitorsPerVariant(300 / 10_400, 0.2)!,
      more: Math.max(0, 2 * visitorsPerVariant(300 / 10_400, 0.2)! - 20_000),
    });
  });

  it("needs the usual two-proportion sample size: 8,158 per variant for +20% on 5%", () => {
    expect(visitorsPerVariant(0.05, 0.2)).toBe(8158);
    expect(visitorsPerVariant(0, 0.2)).toBeUndefined();
  });
});

describe("shipping a variant", () => {
  it("writes only what the variant overrides, at the page document's own paths", async () => {
    const { shippedFields } = await import("@/lib/experiments/ship-variant");
    const body = [{ _type: "block", _key: "b", children: [{ _type: "span", _key: "s", text: "Hola" }] }];
    expect(shippedFields("campaignPage", { hero: { title: "Nuevo título", defaultAmount: 20000 } })).toEqual({
      "hero.title": "Nuevo título",
      "hero.defaultAmount": 20000,
    });
    expect(shippedFields("landingPage", { hero: { body, cta: "Cotiza", defaultAmount: 20000 }, sections: [] })).toEqual(
      {
        "hero.body": body,
        "hero.cta": "Cotiza",
        "hero.estimate.defaultAmount": 20000,
      },
    );
  });
});
