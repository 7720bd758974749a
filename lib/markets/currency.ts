import { MARKETS, MARKET_BY_CODE, type MarketCurrency } from "./markets";

/** How each market's currency is written beside the USD ranges (see the markets' declaration). */
const STYLES = Object.fromEntries(
  MARKETS.map((market) => [MARKET_BY_CODE[market].currency, MARKET_BY_CODE[market].currencyStyle]),
) as Record<MarketCurrency, Intl.NumberFormatOptions>;

/**
 * A local-currency amount for people, e.g. "MXN 85,000" in es-MX or "R$ 25 mil" in pt-BR. `exact` keeps every digit
 * ("R$ 1.275"), for figures a visitor compares rather than a round range.
 */
export function formatCurrency(
  amount: number,
  locale: string,
  currency: MarketCurrency,
  { exact = false }: { exact?: boolean } = {},
): string {
  return currencyFormat(locale, currency, exact).format(amount);
}

// Building a formatter costs far more than formatting (every option label of every content read, every keystroke in
// the estimate), and the server, the Studio and the page only ever use a handful.
const formats = new Map<string, Intl.NumberFormat>();
function currencyFormat(locale: string, currency: MarketCurrency, exact: boolean): Intl.NumberFormat {
  const key = `${locale} ${currency} ${exact}`;
  let format = formats.get(key);
  if (!format) {
    const style = exact ? { ...STYLES[currency], notation: "standard" as const } : STYLES[currency];
    format = new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0, ...style });
    formats.set(key, format);
  }
  return format;
}

/** Fills a content template such as "hasta ≈ {amount}" with a formatted amount. */
export function fillAmount(template: string, amount: string): string {
  return template.replace("{amount}", amount);
}
