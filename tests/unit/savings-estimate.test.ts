import { describe, expect, it } from "vitest";
import { estimateSavings, MAX_AMOUNT_USD, parseAmount, volumeForAmount } from "@/lib/savings/estimate";

const bank = { feeUsd: 50, fxMarginPercent: 1.75, intermediaryUsd: 30 };
const ours = { feeUsd: 15, fxMarginPercent: 1, intermediaryUsd: 0 };

describe("the savings estimate", () => {
  it("adds each side's fee, exchange-rate margin and intermediary charges, and the saving between them", () => {
    const e = estimateSavings(20_000, bank, ours);
    expect(e.bank).toEqual({ fee: 50, fxMargin: 350, intermediary: 30, total: 430 });
    expect(e.ours).toEqual({ fee: 15, fxMargin: 200, intermediary: 0, total: 215 });
    expect(e.saving).toBe(215);
    expect(e.savingShare).toBe(0.5);
  });

  it("follows the amount", () => {
    expect(estimateSavings(150_000, bank, ours).saving).toBeCloseTo(2625 + 80 - 15 - 1500, 6);
  });

  it("puts a monthly amount in the form's range: the issue's examples and every edge", () => {
    expect(volumeForAmount(20_000)).toBe("10000-49999");
    expect(volumeForAmount(150_000)).toBe("100000-plus");
    expect([1, 4_999, 5_000, 9_999, 10_000, 49_999, 50_000, 99_999, 100_000].map(volumeForAmount)).toEqual([
      "0-4999",
      "0-4999",
      "5000-9999",
      "5000-9999",
      "10000-49999",
      "10000-49999",
      "50000-99999",
      "50000-99999",
      "100000-plus",
    ]);
    expect(volumeForAmount(4_999.6)).toBe("0-4999");
  });

  it("reads an amount as each market writes it", () => {
    expect(parseAmount("20,000", ".")).toBe(20_000);
    expect(parseAmount("20.000", ",")).toBe(20_000);
    expect(parseAmount("USD 20 000", ".")).toBe(20_000);
    expect(parseAmount("20000.50", ".")).toBe(20_000);
    expect(parseAmount("20.000,5", ",")).toBe(20_000);
    // Three digits after the mark are thousands, not a fraction.
    expect(parseAmount("20.000", ".")).toBe(20_000);
    expect(parseAmount("", ".")).toBeNull();
    expect(parseAmount("abc", ",")).toBeNull();
    expect(parseAmount("9".repeat(14), ".")).toBe(MAX_AMOUNT_USD);
  });
});
