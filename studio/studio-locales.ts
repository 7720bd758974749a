import { esESLocale } from "@sanity/locale-es-es";
import { ptBRLocale } from "@sanity/locale-pt-br";
import { defineLocaleResourceBundle, type LocaleDefinition, type LocaleResourceRecord } from "sanity";
import { MARKETS, MARKET_NAMES, type Market } from "../lib/markets/markets";
import { EXPERIMENT_WORDS, experimentKey, type ExperimentWord } from "../schemas/experiment-words";
import { STUDIO_NAMESPACE, TAB_TITLES, tabKey, type TabTitle } from "../schemas/tab-titles";
import { RESULTS_WORDS, resultsKey, type ResultsWord } from "./results-tool/results-words";

export { STUDIO_NAMESPACE };

/**
 * The Studio's languages: Sanity's own interface in English (built in), Spain's Spanish (the only Spanish Sanity
 * publishes) and Brazilian Portuguese, each marketer choosing in the navbar's language menu (studio/language-menu.tsx;
 * the choice is kept in the browser). Our own words in the desk and the documents' tabs follow the same choice through
 * our namespace.
 */
export const STUDIO_LOCALES = ["en-US", "es-ES", "pt-BR"] as const;
export type StudioLocale = (typeof STUDIO_LOCALES)[number];

// Every word of the Results tool in every language: a missing one does not compile.
const resultsWords: Record<ResultsWord, Record<StudioLocale, string>> = RESULTS_WORDS;
const experimentWords: Record<ExperimentWord, Record<StudioLocale, string>> = EXPERIMENT_WORDS;

type DeskWords = {
  language: string;
  landingPages: string;
  market: Record<Market, string>;
  landingPage: (name: string, market: Market) => string;
  campaignPages: string;
  privacyNotice: (name: string, market: Market) => string;
};

/** "do Brasil" but "da Argentina": Portuguese puts each country's own article before its name. */
const PORTUGUESE_OF: Record<Market, "do" | "da"> = { mx: "do", br: "do", ar: "da" };

const WORDS: Record<StudioLocale, DeskWords> = {
  "en-US": {
    language: "Language",
    landingPages: "Landing pages",
    market: MARKET_NAMES,
    landingPage: (name) => `${name} landing page`,
    campaignPages: "Campaign pages",
    privacyNotice: (name) => `${name} privacy notice`,
  },
  "es-ES": {
    language: "Idioma",
    landingPages: "Páginas de destino",
    market: { mx: "México", br: "Brasil", ar: "Argentina" },
    landingPage: (name) => `Página de ${name}`,
    campaignPages: "Páginas de campaña",
    privacyNotice: (name) => `Aviso de privacidad de ${name}`,
  },
  "pt-BR": {
    language: "Idioma",
    landingPages: "Páginas de destino",
    market: { mx: "México", br: "Brasil", ar: "Argentina" },
    landingPage: (name, market) => `Página ${PORTUGUESE_OF[market]} ${name}`,
    campaignPages: "Páginas de campanha",
    privacyNotice: (name, market) => `Aviso de privacidade ${PORTUGUESE_OF[market]} ${name}`,
  },
};

/** The keys of the desk's titles (studio/structure.ts) and of the language menu's label. */
export const deskKey = {
  language: "language-menu.label",
  landingPages: "structure.landing-pages",
  market: (market: Market) => `structure.market.${market}`,
  landingPage: (market: Market) => `structure.landing-page.${market}`,
  campaignPages: "structure.campaign-pages",
  privacyNotice: (market: Market) => `structure.privacy-notice.${market}`,
};

function resources(locale: StudioLocale, words: DeskWords): LocaleResourceRecord {
  const record: LocaleResourceRecord = {
    [deskKey.language]: words.language,
    [deskKey.landingPages]: words.landingPages,
    [deskKey.campaignPages]: words.campaignPages,
  };
  for (const market of MARKETS) {
    record[deskKey.market(market)] = words.market[market];
    record[deskKey.landingPage(market)] = words.landingPage(words.market[market], market);
    record[deskKey.privacyNotice(market)] = words.privacyNotice(words.market[market], market);
  }
  for (const title of Object.keys(TAB_TITLES) as TabTitle[]) record[tabKey(title)] = TAB_TITLES[title][locale];
  for (const word of Object.keys(resultsWords) as ResultsWord[]) record[resultsKey(word)] = resultsWords[word][locale];
  for (const word of Object.keys(experimentWords) as ExperimentWord[])
    record[experimentKey(word)] = experimentWords[word][locale];
  return record;
}

/** Our own words, one bundle per language. */
export const deskBundles = STUDIO_LOCALES.map((locale) =>
  defineLocaleResourceBundle({ locale, namespace: STUDIO_NAMESPACE, resources: resources(locale, WORDS[locale]) }),
);

/** The plugins that add Sanity's translations of its own interface. */
export const localePlugins = [esESLocale(), ptBRLocale()];

/**
 * English for a marketer who has not chosen a language yet: Sanity starts such a marketer in the last locale
 * configured, which would otherwise be the last locale plugin's (Brazilian Portuguese).
 */
export function englishByDefault(locales: LocaleDefinition[]): LocaleDefinition[] {
  return [...locales.filter((locale) => locale.id !== "en-US"), ...locales.filter((locale) => locale.id === "en-US")];
}
