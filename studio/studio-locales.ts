import { esESLocale } from "@sanity/locale-es-es";
import { ptBRLocale } from "@sanity/locale-pt-br";
import { defineLocaleResourceBundle, type LocaleResourceRecord } from "sanity";
import { MARKETS, type Market } from "../lib/markets/markets";

/**
 * The Studio's languages: Sanity's own interface in English (built in), Spain's Spanish (the only Spanish Sanity
 * publishes) and Brazilian Portuguese, each marketer choosing in the user menu (the choice is kept in the browser).
 * Our own words in the desk follow the same choice through the `puente` namespace below.
 */
export const STUDIO_LOCALES = ["en-US", "es-ES", "pt-BR"] as const;
type StudioLocale = (typeof STUDIO_LOCALES)[number];

export const STUDIO_NAMESPACE = "puente";

type DeskWords = {
  landingPages: string;
  market: Record<Market, string>;
  landingPage: (market: string) => string;
  privacyNotice: (market: string) => string;
};

const WORDS: Record<StudioLocale, DeskWords> = {
  "en-US": {
    landingPages: "Landing pages",
    market: { mx: "Mexico", br: "Brazil", ar: "Argentina" },
    landingPage: (market) => `${market} landing page`,
    privacyNotice: (market) => `${market} privacy notice`,
  },
  "es-ES": {
    landingPages: "Páginas de destino",
    market: { mx: "México", br: "Brasil", ar: "Argentina" },
    landingPage: (market) => `Página de ${market}`,
    privacyNotice: (market) => `Aviso de privacidad de ${market}`,
  },
  "pt-BR": {
    landingPages: "Páginas de destino",
    market: { mx: "México", br: "Brasil", ar: "Argentina" },
    landingPage: (market) => `Página ${market === "Argentina" ? "da" : "do"} ${market}`,
    privacyNotice: (market) => `Aviso de privacidade ${market === "Argentina" ? "da" : "do"} ${market}`,
  },
};

/** The keys of the desk's titles (studio/structure.ts). */
export const deskKey = {
  landingPages: "structure.landing-pages",
  market: (market: Market) => `structure.market.${market}`,
  landingPage: (market: Market) => `structure.landing-page.${market}`,
  privacyNotice: (market: Market) => `structure.privacy-notice.${market}`,
};

function resources(words: DeskWords): LocaleResourceRecord {
  const record: LocaleResourceRecord = { [deskKey.landingPages]: words.landingPages };
  for (const market of MARKETS) {
    record[deskKey.market(market)] = words.market[market];
    record[deskKey.landingPage(market)] = words.landingPage(words.market[market]);
    record[deskKey.privacyNotice(market)] = words.privacyNotice(words.market[market]);
  }
  return record;
}

/** Our own words, one bundle per language. */
export const deskBundles = STUDIO_LOCALES.map((locale) =>
  defineLocaleResourceBundle({ locale, namespace: STUDIO_NAMESPACE, resources: resources(WORDS[locale]) }),
);

/** The plugins that add Sanity's translations of its own interface. */
export const localePlugins = [esESLocale(), ptBRLocale()];
