import { VOLUMES, type Volume } from "../leads/options";

/** What one side charges for sending an amount abroad: a fixed fee, a margin on the exchange rate, fixed charges. */
export type Pricing = { feeUsd: number; fxMarginPercent: number; intermediaryUsd: number };

export type CostBreakdown = { fee: number; fxMargin: number; intermediary: number; total: number };

export type Estimate = { bank: CostBreakdown; ours: CostBreakdown; saving: number; savingShare: number };

function cost(amountUsd: number, pricing: Pricing): CostBreakdown {
  const fxMargin = (amountUsd * pricing.fxMarginPercent) / 100;
  return {
    fee: pricing.feeUsd,
    fxMargin,
    intermediary: pricing.intermediaryUsd,
    total: pricing.feeUsd + fxMargin + pricing.intermediaryUsd,
  };
}

/** What sending `amountUsd` costs at a typical bank and with us, and what the visitor saves (in USD and as a share). */
export function estimateSavings(amountUsd: number, bank: Pricing, ours: Pricing): Estimate {
  const b = cost(amountUsd, bank);
  const o = cost(amountUsd, ours);
  const saving = b.total - o.total;
  return { bank: b, ours: o, saving, savingShare: b.total > 0 ? saving / b.total : 0 };
}

/** The form's amount range holding a monthly amount: 20,000 → "10000-49999", 150,000 → "100000-plus". */
export function volumeForAmount(amountUsd: number): Volume {
  const whole = Math.floor(amountUsd);
  return VOLUMES.find((range) => {
    const [, upper] = range.split("-");
    return upper === "plus" || whole <= Number(upper);
  })!;
}

/** The largest amount the estimate takes: more digits than any monthly volume, so a stuck key cannot overflow. */
export const MAX_AMOUNT_USD = 100_000_000;

/**
 * An amount as a visitor types it, in their market's way of writing numbers: "20,000", "20.000", "USD 20 000" or
 * "20000.50" are all 20,000 (a decimal part of one or two digits after the locale's decimal mark is dropped).
 * `null` when there is no digit at all.
 */
export function parseAmount(input: string, decimalMark: "." | ","): number | null {
  const fraction = new RegExp(`\\${decimalMark}\\d{1,2}\\s*$`);
  const digits = input.replace(fraction, "").replace(/\D/g, "");
  if (digits === "") return null;
  return Math.min(Number(digits), MAX_AMOUNT_USD);
}
