import { describe, expect, it } from "vitest";
import { parsePrivacyNotice, type PrivacyNotice } from "@/lib/content/privacy-notice";
import { queryLocalDataset } from "@/lib/content/local-dataset";
import { PRIVACY_NOTICE_QUERY } from "@/lib/content/queries";
import type { PRIVACY_NOTICE_QUERY_RESULT } from "@/lib/content/sanity.types";
import { MARKETS, type Market } from "@/lib/markets/markets";

const SEED = "studio/seed/landing.ndjson";
const query = (market: Market) => queryLocalDataset<PRIVACY_NOTICE_QUERY_RESULT>(SEED, PRIVACY_NOTICE_QUERY, { market }, "published");
const plain = (notice: PrivacyNotice) => notice.body.map((b) => b.children.map((c) => c.text).join("")).join("\n");

// What each market's notice must name: its law, the rights it grants, the authority to complain to.
const EXPECTED = {
  mx: { locale: "es-MX", law: /Ley Federal de Protección de Datos Personales en Posesión de los Particulares/, rights: /ARCO/, authority: /Secretaría Anticorrupción y Buen Gobierno/, accept: "Aceptar", reject: "Rechazar" },
  br: { locale: "pt-BR", law: /LGPD, Lei nº 13\.709\/2018/, rights: /direitos como titular/, authority: /ANPD/, accept: "Aceitar", reject: "Recusar" },
  ar: { locale: "es-AR", law: /Ley 25\.326/, rights: /rectificación, actualización o supresión/, authority: /Agencia de Acceso a la Información Pública/, accept: "Aceptar", reject: "Rechazar" },
} as const;

describe("privacy notices in the seed, through the real GROQ query", () => {
  for (const market of MARKETS) {
    it(`${market}: complete, in ${EXPECTED[market].locale}, naming the law, purposes, recipients, retention and rights`, async () => {
      const notice = parsePrivacyNotice(await query(market), market);
      const want = EXPECTED[market];
      expect(notice).toMatchObject({ market, locale: want.locale, askConsent: true, acceptLabel: want.accept, rejectLabel: want.reject });
      const body = plain(notice);
      expect(body).toMatch(want.law);
      expect(body).toMatch(want.rights);
      expect(body).toMatch(/Supabase/);
      expect(body).toMatch(/Meta/);
      expect(body).toMatch(/24 meses/);
      expect(notice.authority).toMatch(want.authority);
      expect(notice.formLine).toContain("{link}");
    });
  }

  it("Argentina's copy uses voseo", async () => {
    const notice = parsePrivacyNotice(await query("ar"), "ar");
    expect(`${plain(notice)} ${notice.bannerText}`).toMatch(/\bpodés\b/i);
    expect(notice.bannerText).not.toMatch(/\bpuedes\b/i);
  });
});

describe("privacy notice validation", () => {
  async function broken(mutate: (doc: Record<string, unknown>) => void) {
    const doc = structuredClone(await query("mx")) as unknown as Record<string, unknown>;
    mutate(doc);
    return () => parsePrivacyNotice(doc as PRIVACY_NOTICE_QUERY_RESULT, "market mx");
  }

  it("names the document and each failing field", async () => {
    await expect(broken((d) => (d.legalName = " "))).resolves.toThrow(/privacyNotice\.mx[\s\S]*legalName: must not be empty/);
    await expect(broken((d) => (d.privacyEmail = "privacidad"))).resolves.toThrow(/privacyEmail: must be an email address/);
    await expect(broken((d) => (d.formLine = "Sin enlace"))).resolves.toThrow(/formLine: must contain \{link\}/);
    await expect(broken((d) => (d.locale = "pt-BR"))).resolves.toThrow(/locale: must be es-MX for mx/);
    await expect(broken((d) => (d.authorityUrl = "http://example.com"))).resolves.toThrow(/authorityUrl/);
  });

  it("rejects a market without a notice", () => {
    expect(() => parsePrivacyNotice(null, "market zz")).toThrow(/No privacy notice document for market zz/);
  });
});
