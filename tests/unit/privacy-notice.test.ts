import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parsePrivacyNotice, type PrivacyNotice } from "@/lib/content/privacy-notice";
import { queryLocalDataset } from "@/lib/content/local-dataset";
import { PRIVACY_NOTICE_QUERY } from "@/lib/content/queries";
import type { PRIVACY_NOTICE_QUERY_RESULT } from "@/lib/content/sanity.types";
import { MARKETS, type Market } from "@/lib/markets/markets";

const SEED = "studio/seed/landing.ndjson";
const query = (market: Market) =>
  queryLocalDataset<PRIVACY_NOTICE_QUERY_RESULT>(SEED, PRIVACY_NOTICE_QUERY, { market }, "published");
const plain = (notice: PrivacyNotice) => notice.body.map((b) => b.children.map((c) => c.text).join("")).join("\n");

// What each market's notice must name: its law, the rights it grants, the authority to complain to.
const EXPECTED = {
  mx: {
    locale: "es-MX",
    law: /Ley Federal de Protección de Datos Personales en Posesión de los Particulares/,
    rights: /ARCO/,
    authority: /Secretaría Anticorrupción y Buen Gobierno/,
    accept: "Aceptar",
    reject: "Rechazar",
  },
  br: {
    locale: "pt-BR",
    law: /LGPD, Lei nº 13\.709\/2018/,
    rights: /direitos como titular/,
    authority: /ANPD/,
    accept: "Aceitar",
    reject: "Recusar",
  },
  ar: {
    locale: "es-AR",
    law: /Ley 25\.326/,
    rights: /rectificación, actualización o supresión/,
    authority: /Agencia de Acceso a la Información Pública/,
    accept: "Aceptar",
    reject: "Rechazar",
  },
} as const;

describe("privacy notices in the seed, through the real GROQ query", () => {
  for (const market of MARKETS) {
    it(`${market}: complete, in ${EXPECTED[market].locale}, naming the law, purposes, recipients, retention and rights`, async () => {
      const notice = parsePrivacyNotice(await query(market), market);
      const want = EXPECTED[market];
      expect(notice).toMatchObject({
        market,
        locale: want.locale,
        askConsent: true,
        acceptLabel: want.accept,
        rejectLabel: want.reject,
      });
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

/** The AAIP's required legend (Disposición DNPDP 10/2008), word for word. */
const AAIP_ACCESS =
  "El titular de los datos personales tiene la facultad de ejercer el derecho de acceso a los mismos en forma gratuita a intervalos no inferiores a seis meses, salvo que se acredite un interés legítimo al efecto conforme lo establecido en el artículo 14, inciso 3 de la Ley Nº 25.326.";
const AAIP_COMPLAINTS =
  "La AGENCIA DE ACCESO A LA INFORMACIÓN PÚBLICA, en su carácter de Órgano de Control de la Ley N° 25.326, tiene la atribución de atender las denuncias y reclamos que interpongan quienes resulten afectados en sus derechos por incumplimiento de las normas vigentes en materia de protección de datos personales.";

/** What each notice must say goes to Meta, and when, in its language. */
const TO_META = {
  mx: [
    "Solo si aceptas la medición",
    "correo, teléfono, nombre y apellido seudonimizados con una función hash",
    "dirección IP",
    "navegador",
    "la página desde la que escribiste",
    "el motivo, el monto y el país de destino de tus pagos",
    "Estados Unidos",
  ],
  br: [
    "Somente se você aceitar a medição",
    "e-mail, telefone, nome e sobrenome pseudonimizados por hash",
    "endereço IP",
    "navegador",
    "a página de onde você escreveu",
    "o motivo, o valor e o país de destino dos pagamentos",
    "Estados Unidos",
  ],
  ar: [
    "Solo si aceptás la medición",
    "tu correo, tu teléfono, tu nombre y tu apellido seudonimizados con una función hash",
    "dirección IP",
    "navegador",
    "la página desde la que escribiste",
    "el motivo, el monto y el país de destino de tus pagos",
    "Estados Unidos",
  ],
} as const;

/** What each notice must say goes to Google, and when; and that both platforms hear sales' verdict. */
const TO_GOOGLE = {
  mx: [
    "Qué recibe Google, y cuándo",
    "Solo si aceptas la medición y llegaste desde un anuncio de Google",
    "Google LLC (Estados Unidos)",
    "el identificador del clic en el anuncio (gclid, gbraid o wbraid), tu correo y tu teléfono seudonimizados con una función hash",
    "no carga ninguna etiqueta ni cookie de Google",
    "se lo comunicamos a Meta y a Google, solo si aceptaste la medición",
    "un valor estimado según tu monto mensual",
  ],
  br: [
    "O que o Google recebe, e quando",
    "Somente se você aceitar a medição e tiver chegado por um anúncio do Google",
    "Google LLC (Estados Unidos)",
    "o identificador do clique no anúncio (gclid, gbraid ou wbraid), seu e-mail e telefone pseudonimizados por hash",
    "não carrega nenhuma tag nem cookie do Google",
    "avisamos a Meta e o Google, somente se você aceitou a medição",
    "um valor estimado conforme o seu volume mensal",
  ],
  ar: [
    "Qué recibe Google, y cuándo",
    "Solo si aceptás la medición y llegaste desde un anuncio de Google",
    "Google LLC (Estados Unidos)",
    "el identificador del clic en el anuncio (gclid, gbraid o wbraid), tu correo y tu teléfono seudonimizados con una función hash",
    "no carga ninguna etiqueta ni cookie de Google",
    "se lo contamos a Meta y a Google, solo si aceptaste la medición",
    "un valor estimado según tu monto mensual",
  ],
} as const;

describe("privacy notices after the legal review", () => {
  for (const market of MARKETS) {
    it(`${market}: names Google beside Meta, in the notice and the banner, under a version later than Meta's alone`, async () => {
      const notice = parsePrivacyNotice(await query(market), market);
      const body = plain(notice);
      for (const text of TO_GOOGLE[market]) expect(body, text).toContain(text);
      expect(notice.bannerText).toMatch(/Meta y Google|a Meta e o Google/);
      // The last notice visitors answered named only Meta (2026-11-23): a later version asks all of them again. The
      // visit counts' wording of the same day never reached a visitor alone, so both share one version.
      expect(notice.updatedAt > "2026-11-23").toBe(true);
    });

    it(`${market}: says what goes to Meta and when, as pseudonymised by a hash, never “encrypted”`, async () => {
      const notice = parsePrivacyNotice(await query(market), market);
      const body = plain(notice);
      for (const text of TO_META[market]) expect(body, text).toContain(text);
      // Hashing is not encryption: no notice, banner or form line may call it that.
      for (const copy of [body, notice.bannerText, notice.formLine])
        expect(copy).not.toMatch(/cifrad|criptograf|encript/i);
    });
  }

  it("the seed flags every notice's company facts as illustrative, to confirm before launch", () => {
    const notices = readFileSync(SEED, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { _type: string; market: string; toConfirm?: boolean })
      .filter((doc) => doc._type === "privacyNotice");
    expect(notices.map((n) => [n.market, n.toConfirm])).toEqual(MARKETS.map((m) => [m, true]));
  });

  it("mx (LFPDPPP): the form line is the short notice; ARCO with ID and the 20 + 15 business-day terms; Meta a transfer; the new authority", async () => {
    const notice = parsePrivacyNotice(await query("mx"), "mx");
    // Identity, the purposes, the optional one and how to refuse it, and where the full notice is.
    expect(notice.formLine).toContain(notice.legalName);
    for (const text of [
      "atender tu solicitud",
      "Meta y a Google (Estados Unidos)",
      "medir su publicidad",
      "puedes negarte",
      "“Preferencias de cookies”",
      "{link}",
    ])
      expect(notice.formLine, text).toContain(text);
    const body = plain(notice);
    for (const text of [
      "identificación oficial vigente",
      "carta poder firmada ante dos testigos",
      "20 días hábiles",
      "15 días hábiles siguientes",
      "Transferencia a Meta Platforms, Inc., en Estados Unidos",
      "Transferencia a Google LLC, en Estados Unidos",
      "le comunicamos este aviso y las finalidades",
      "Condiciones de las Herramientas para Empresas",
      "Secretaría Anticorrupción y Buen Gobierno, que asumió las funciones de protección de datos personales del extinto INAI",
    ])
      expect(body, text).toContain(text);
  });

  it("br (LGPD): the encarregado by full name; legitimate interest and consent; the rights on consent; standard contractual clauses", async () => {
    const notice = parsePrivacyNotice(await query("br"), "br");
    const body = plain(notice);
    const name = /Encarregad[ao] de dados \(DPO\): (.+)$/.exec(notice.privacyEmailLabel)?.[1];
    expect(name?.split(" ").length).toBeGreaterThanOrEqual(2);
    expect(body).toContain(`encarregada pelo tratamento de dados pessoais, ${name}`);
    for (const text of [
      "legítimo interesse (art. 7º, IX, da LGPD)",
      "somente com o seu consentimento (art. 7º, I)",
      "eliminação dos dados tratados com o seu consentimento",
      "informação sobre a possibilidade de não fornecer consentimento e sobre as consequências da negativa",
      "cláusulas-padrão contratuais aprovadas pela ANPD (Resolução CD/ANPD nº 19/2024)",
    ])
      expect(body, text).toContain(text);
  });

  it("ar (Ley 25.326): the AAIP legends word for word, in the notice and by the form; the registration; consent to share (art. 11) and transfer (art. 12)", async () => {
    const notice = parsePrivacyNotice(await query("ar"), "ar");
    const body = plain(notice);
    for (const legend of [AAIP_ACCESS, AAIP_COMPLAINTS]) {
      expect(body).toContain(legend);
      expect(notice.formLine).toContain(legend);
    }
    expect(body).toMatch(/inscripta en el Registro Nacional de Bases de Datos con el número [\d.]+/);
    expect(body).toContain(
      "consentimiento para la cesión de esos datos a Meta y a Google (artículo 11 de la Ley 25.326) y para su transferencia a los Estados Unidos",
    );
    expect(body).toContain("(artículo 12)");
    expect(body).toContain("cláusulas contractuales modelo aprobadas por la AAIP");
  });
});

describe("privacy notice validation", () => {
  async function broken(mutate: (doc: Record<string, unknown>) => void) {
    const doc = structuredClone(await query("mx")) as unknown as Record<string, unknown>;
    mutate(doc);
    return () => parsePrivacyNotice(doc as PRIVACY_NOTICE_QUERY_RESULT, "market mx");
  }

  it("names the document and each failing field", async () => {
    await expect(broken((d) => (d.legalName = " "))).resolves.toThrow(
      /privacyNotice\.mx[\s\S]*legalName: must not be empty/,
    );
    await expect(broken((d) => (d.privacyEmail = "privacidad"))).resolves.toThrow(
      /privacyEmail: must be an email address/,
    );
    await expect(broken((d) => (d.formLine = "Sin enlace"))).resolves.toThrow(/formLine: must contain \{link\}/);
    await expect(broken((d) => (d.locale = "pt-BR"))).resolves.toThrow(/locale: must be es-MX for mx/);
    await expect(broken((d) => (d.authorityUrl = "http://example.com"))).resolves.toThrow(/authorityUrl/);
  });

  it("rejects a market without a notice", () => {
    expect(() => parsePrivacyNotice(null, "market zz")).toThrow(/No privacy notice document for market zz/);
  });
});
