import { describe, expect, it } from "vitest";
import type { LocaleDefinition, LocaleResourceBundle, PluginOptions } from "sanity";
import { MARKETS } from "@/lib/markets/markets";
import config from "@/studio/sanity.config";
import { deskKey, STUDIO_LOCALES, STUDIO_NAMESPACE } from "@/studio/studio-locales";

const plugins = (config.plugins ?? []) as PluginOptions[];
const locales = plugins.flatMap((p) => ((p.i18n?.locales ?? []) as LocaleDefinition[]).map((l) => l.id));
const bundles = ((config.i18n?.bundles ?? []) as LocaleResourceBundle[]).filter(
  (b) => b.namespace === STUDIO_NAMESPACE,
);

describe("the Studio's languages", () => {
  it("offers Sanity's Spanish and Brazilian Portuguese beside its built-in English", () => {
    expect(locales).toEqual(expect.arrayContaining(["es-ES", "pt-BR"]));
  });

  it("has our desk's words in every language it offers, for every market", () => {
    expect(bundles.map((b) => b.locale).sort()).toEqual([...STUDIO_LOCALES].sort());
    const keys = [
      deskKey.landingPages,
      ...MARKETS.flatMap((m) => [deskKey.market(m), deskKey.landingPage(m), deskKey.privacyNotice(m)]),
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
});
