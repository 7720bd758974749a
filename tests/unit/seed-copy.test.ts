import { toPlainText } from "@portabletext/react";
import { describe, expect, it } from "vitest";
import { parseLanding, type LandingContent } from "@/lib/content/landing-content";
import { queryLocalDataset } from "@/lib/content/local-dataset";
import { LANDING_QUERY } from "@/lib/content/queries";
import type { LANDING_QUERY_RESULT } from "@/lib/content/sanity.types";
import { MARKET_BY_CODE, MARKETS, type Market } from "@/lib/markets/markets";
import { estimateSavings } from "@/lib/savings/estimate";

const content = async (market: Market): Promise<LandingContent> =>
  parseLanding(
    await queryLocalDataset<LANDING_QUERY_RESULT>("studio/seed/landing.ndjson", LANDING_QUERY, { market }, "published"),
    market,
  );

/** Every word a visitor reads on the page, in order (the form's option lists aside). */
function visibleCopy(c: LandingContent): string {
  const pt = (value: Parameters<typeof toPlainText>[0]) => toPlainText(value);
  const sections = c.sections.map((s) => JSON.stringify(s, (key, value) => (key === "answer" ? pt(value) : value)));
  const cards = c.benefits.cards.flatMap((card) => [card.claim, card.claimNote ?? "", card.title, pt(card.body)]);
  return [
    c.hero.highlight,
    c.hero.highlightNote,
    c.hero.title,
    pt(c.hero.body),
    c.hero.estimate.note,
    c.benefits.title,
    ...cards,
    ...sections,
  ].join("\n");
}

describe("the seed's copy, as a native reviewer asked", () => {
  it("Argentina's headline says “Pagales” (plural), and its form intro “a medida para tu empresa”", async () => {
    const ar = await content("ar");
    expect(ar.hero.title).toBe("Pagales a tus proveedores del exterior hoy mismo");
    expect(ar.contact.intro).toContain("a medida para tu empresa");
    expect(ar.contact.intro).not.toContain("a la medida de");
  });

  it("no card speaks of “retenciones/retenções” (tax withholding to a finance person)", async () => {
    const bodies: Record<Market, string> = {
      mx: "sin descuentos de bancos intermediarios ni pagos atorados",
      ar: "sin descuentos de bancos intermediarios ni pagos trabados",
      br: "sem descontos de bancos intermediários nem pagamentos travados",
    };
    for (const market of MARKETS) {
      const cards = (await content(market)).benefits.cards.map((card) => toPlainText(card.body)).join(" ");
      expect(cards).not.toMatch(/retenci|retenç/i);
      expect(cards).toContain(bodies[market]);
    }
  });

  it("Spanish descriptions compare like with like: “más bajas que las de los bancos”", async () => {
    for (const market of MARKETS.filter((m) => MARKET_BY_CODE[m].language === "es"))
      expect((await content(market)).seo.description).toContain("más bajas que las de los bancos");
  });

  it("Brazil's flag reads as a visit, not a move; its cards say “remessa internacional” without a repeated “em”", async () => {
    const br = await content("br");
    expect(br.header.flagLabel).toBe("Ver o site da Argentina (español)");
    const fees = toPlainText(br.benefits.cards[1]!.body);
    expect(fees).toContain("remessa internacional");
    expect(fees).not.toMatch(/\bem\b.*\bem\b/);
  });

  it("names SWIFT once per page, and keeps the spec's claims literal", async () => {
    for (const market of MARKETS) {
      const c = await content(market);
      expect(visibleCopy(c).match(/SWIFT/g)).toHaveLength(1);
      expect(c.seo.description).not.toMatch(/SWIFT/);
      expect(c.hero.highlight).toMatch(/2x/);
      expect(c.benefits.cards.some((card) => /70%/.test(card.claim))).toBe(true);
    }
  });
});

describe("the claims and the estimate tell one story", () => {
  for (const market of MARKETS) {
    it(`${market}: at the default amount the estimate is exactly “2x cheaper”, on fees alone “70% lower”, and the footnotes say so`, async () => {
      const { hero, benefits } = await content(market);
      const { estimate } = hero;
      const result = estimateSavings(estimate.defaultAmount, estimate.bank, estimate.ours);
      expect(result.bank.total / result.ours.total).toBeCloseTo(2, 10);
      expect(1 - estimate.ours.feeUsd / estimate.bank.feeUsd).toBeCloseTo(0.7, 10);
      // The highlight's footnote names the totals it compares; the fee claim's names both fees.
      for (const total of [result.bank.total, result.ours.total]) expect(hero.highlightNote).toContain(` ${total}`);
      const feeNote = benefits.cards.find((card) => card.claim.includes("70%"))!.claimNote!;
      for (const fee of [estimate.bank.feeUsd, estimate.ours.feeUsd]) expect(feeNote).toContain(` ${fee}`);
    });
  }
});
