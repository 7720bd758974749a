/**
 * How each currency is written beside the USD ranges: a bare "$" next to "US$" is ambiguous, so pesos show their
 * ISO code ("MXN 85,000", "ARS 4.200.000"); the real's "R$" is unambiguous and Brazilians write round amounts in
 * words ("R$ 25 mil").
 */
const STYLES: Record<string, Intl.NumberFormatOptions> = {
  MXN: { currencyDisplay: "code" },
  ARS: { currencyDisplay: "code" },
  BRL: { notation: "compact" },
};

/**
 * A local-currency amount for people, e.g. "MXN 85,000" in es-MX or "R$ 25 mil" in pt-BR. `exact` keeps every digit
 * ("R$ 1.275"), for figures a visitor compares rather than a round range.
 */
export function formatCurrency(
  amount: number,
  locale: string,
  currency: string,
  { exact = false }: { exact?: boolean } = {},
): string {
  const style = exact ? { ...STYLES[currency], notation: "standard" as const } : STYLES[currency];
  return new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0, ...style }).format(
    amount,
  );
}

/** Fills a content template such as "hasta ≈ {amount}" with a formatted amount. */
export function fillAmount(template: string, amount: string): string {
  return template.replace("{amount}", amount);
}
