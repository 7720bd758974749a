/** A local-currency amount for people, e.g. "$85,000" in es-MX or "R$ 25.000" in pt-BR. */
export function formatCurrency(amount: number, locale: string, currency: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0 }).format(amount);
}

/** Fills a content template such as "hasta ≈ {amount}" with a formatted amount. */
export function fillAmount(template: string, amount: string): string {
  return template.replace("{amount}", amount);
}
