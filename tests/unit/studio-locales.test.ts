import { describe, expect, it } from "vitest";
import { prepareConfig, type LocaleResourceBundle, type SingleWorkspace } from "sanity";
import { MARKETS } from "@/lib/markets/markets";
import config from "@/studio/sanity.config";
import { deskKey, STUDIO_LOCALES, STUDIO_NAMESPACE } from "@/studio/studio-locales";
import { schemaTypes } from "@/schemas";
import { TAB_TITLES, tabKey, type TabTitle } from "@/schemas/tab-titles";
import { RESULTS_WORDS, resultsKey, type ResultsWord } from "@/studio/results-tool/results-words";
import { EXPERIMENT_WORDS, experimentKey, type ExperimentWord } from "@/schemas/experiment-words";

/** The Studio's languages as Sanity itself resolves them from our configuration, for a marketer with no choice kept. */
async function studioLanguages() {
  const { i18n } = prepareConfig({ ...(config as SingleWorkspace) }).workspaces[0]!;
  // i18next picks its language on a zero-delay timer (Sanity initialises it asynchronously): this one runs after it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await i18n.loadNamespaces([STUDIO_NAMESPACE, "studio"]);
  return i18n;
}

const bundles = ((config.i18n?.bundles ?? []) as LocaleResourceBundle[]).filter(
  (b) => b.namespace === STUDIO_NAMESPACE,
);

describe("the Studio's languages", () => {
  it("offers Sanity's Spanish and Brazilian Portuguese beside its built-in English", async () => {
    const i18n = await studioLanguages();
    expect(i18n.locales.map((l) => l.id).sort()).toEqual([...STUDIO_LOCALES].sort());
  });

  it("speaks English to a marketer who has not chosen a language, the desk's market names included", async () => {
    const i18n = await studioLanguages();
    expect(i18n.currentLocale.id).toBe("en-US");
    expect(i18n.t(deskKey.market("mx"), { ns: STUDIO_NAMESPACE })).toBe("Mexico");
    expect(i18n.t(deskKey.market("br"), { ns: STUDIO_NAMESPACE })).toBe("Brazil");
  });

  it("has our desk's, the experiments' and the Results tool's words in every language it offers, for every market", () => {
    expect(bundles.map((b) => b.locale).sort()).toEqual([...STUDIO_LOCALES].sort());
    const keys = [
      deskKey.language,
      deskKey.landingPages,
      deskKey.campaignPages,
      ...(Object.keys(TAB_TITLES) as TabTitle[]).map(tabKey),
      ...MARKETS.flatMap((m) => [deskKey.market(m), deskKey.landingPage(m), deskKey.privacyNotice(m)]),
      ...(Object.keys(RESULTS_WORDS) as ResultsWord[]).map(resultsKey),
      ...(Object.keys(EXPERIMENT_WORDS) as ExperimentWord[]).map(experimentKey),
    ];
    for (const bundle of bundles) {
      const words = bundle.resources as Record<string, string>;
      expect(Object.keys(words).sort(), bundle.locale).toEqual([...keys].sort());
      for (const key of keys) expect(words[key], `${bundle.locale} ${key}`).toMatch(/\S/);
    }
    const pt = bundles.find((b) => b.locale === "pt-BR")!.resources as Record<string, string>;
    expect(pt[deskKey.landingPage("ar")]).toBe("Página da Argentina");
    expect(pt[deskKey.privacyNotice("br")]).toBe("Aviso de privacidade do Brasil");
  });

  it("translates every tab of our documents, in each language", async () => {
    const i18n = await studioLanguages();
    const tabs = schemaTypes.flatMap((type) => ("groups" in type && type.groups ? type.groups : []));
    expect(tabs.length).toBeGreaterThan(10);
    for (const group of tabs) {
      expect(group.i18n?.title, `${group.name}`).toEqual({ key: expect.any(String), ns: STUDIO_NAMESPACE });
      const key = group.i18n!.title!.key;
      const es = bundles.find((b) => b.locale === "es-ES")!.resources as Record<string, string>;
      expect(es[key], key).toMatch(/\S/);
      expect(i18n.t(key, { ns: STUDIO_NAMESPACE })).toBe(group.title);
    }
  });
});
