/**
 * The documents' tabs (field groups) in the marketer's Studio language: Sanity 5 translates a tab's title through a
 * key in a namespace of ours (studio/studio-locales.ts holds the bundles), while a field's title is one plain string.
 */
export const STUDIO_NAMESPACE = "puente";

/** Each tab's title in English (also its fallback), Spain's Spanish and Brazilian Portuguese. */
export const TAB_TITLES = {
  market: { "en-US": "Market", "es-ES": "Mercado", "pt-BR": "Mercado" },
  page: { "en-US": "Page", "es-ES": "Página", "pt-BR": "Página" },
  sections: { "en-US": "Sections", "es-ES": "Secciones", "pt-BR": "Seções" },
  companyFacts: { "en-US": "Company facts", "es-ES": "Datos de la empresa", "pt-BR": "Dados da empresa" },
  contactForm: { "en-US": "Contact form", "es-ES": "Formulario de contacto", "pt-BR": "Formulário de contato" },
  seo: { "en-US": "SEO", "es-ES": "SEO", "pt-BR": "SEO" },
  notice: { "en-US": "Notice", "es-ES": "Aviso", "pt-BR": "Aviso" },
  companyDetails: {
    "en-US": "Company details",
    "es-ES": "Datos legales de la empresa",
    "pt-BR": "Dados legais da empresa",
  },
  consent: {
    "en-US": "Tracking consent",
    "es-ES": "Consentimiento de seguimiento",
    "pt-BR": "Consentimento de rastreamento",
  },
  texts: { "en-US": "Texts", "es-ES": "Textos", "pt-BR": "Textos" },
  fields: { "en-US": "Fields", "es-ES": "Campos", "pt-BR": "Campos" },
  options: { "en-US": "Options", "es-ES": "Opciones", "pt-BR": "Opções" },
  checks: { "en-US": "Field checks", "es-ES": "Comprobación de campos", "pt-BR": "Verificação dos campos" },
  sending: { "en-US": "Sending", "es-ES": "Envío", "pt-BR": "Envio" },
} as const;

export type TabTitle = keyof typeof TAB_TITLES;

export const tabKey = (title: TabTitle) => `tab.${title}`;

/** A field group (tab) whose title follows the marketer's Studio language. */
export function tab(name: string, title: TabTitle, options: { default?: boolean } = {}) {
  return {
    name,
    title: TAB_TITLES[title]["en-US"],
    i18n: { title: { key: tabKey(title), ns: STUDIO_NAMESPACE } },
    ...options,
  };
}
