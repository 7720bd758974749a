import { fillAmount, formatCurrency } from "../markets/currency";
import type { MarketCurrency } from "../markets/markets";

type VolumeCopy = {
  volumeOptions: { value: string; label: string; approx: number | null }[];
  approxUpTo: string;
  approxOver: string;
};

/**
 * The amount ranges as the form lists them: each USD label, and after the first and the last the local equivalent
 * ("Menos de USD 5,000 (hasta ≈ MXN 85,000)", "USD 100,000 o más (≈ MXN 1,700,000 o más)").
 */
export function volumeOptionLabels(
  { volumeOptions, approxUpTo, approxOver }: VolumeCopy,
  locale: string,
  currency: MarketCurrency,
) {
  const last = volumeOptions.length - 1;
  return volumeOptions.map((option, index) => {
    if (option.approx == null) return { value: option.value, label: option.label };
    const amount = formatCurrency(option.approx, locale, currency);
    // "≈" stays with its amount: a label wrapped on a phone breaks before the equivalent, not inside it.
    const approx = fillAmount(index === last ? approxOver : approxUpTo, amount).replace(/≈ /g, "≈\u00a0");
    return { value: option.value, label: `${option.label} (${approx})` };
  });
}
