/** The seed's campaign page of each market (studio/seed/landing.ndjson). */
export const CAMPAIGN_PAGES = ["/mx/importadores-china", "/br/pagamento-fornecedores-exterior", "/ar/importadores"];
