import { cpSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseLanding } from "@/lib/content/landing-content";
import { queryLocalDataset } from "@/lib/content/local-dataset";
import { LANDING_QUERY } from "@/lib/content/queries";
import type { LANDING_QUERY_RESULT } from "@/lib/content/sanity.types";
import { MARKETS, type Market } from "@/lib/markets/markets";
import { readDataset, seedWithDrafts } from "../support/sanity/dataset-file";

const SEED = "studio/seed/landing.ndjson";
const query = (market: Market, perspective: "published" | "drafts" = "published", file = SEED) =>
  queryLocalDataset<LANDING_QUERY_RESULT>(file, LANDING_QUERY, { market }, perspective);

const EXPECTED = {
  mx: {
    locale: "es-MX",
    currency: "MXN",
    prefix: "52",
    approx: [85_000, 1_700_000],
    submit: "Enviar solicitud",
    success: ["Solicitud recibida", "Nos pondremos en contacto contigo pronto."],
  },
  br: {
    locale: "pt-BR",
    currency: "BRL",
    prefix: "55",
    approx: [25_000, 500_000],
    submit: "Enviar solicitação",
    success: ["Solicitação recebida", "Entraremos em contato em breve."],
  },
  // The spec leaves Argentina's message open: the title stays the spec's Spanish, the message speaks in voseo.
  ar: {
    locale: "es-AR",
    currency: "ARS",
    prefix: "52",
    approx: [4_200_000, 84_000_000],
    submit: "Enviar solicitud",
    success: ["Solicitud recibida", "Nos vamos a poner en contacto con vos pronto."],
  },
} as const;

describe("the seed dataset through the real GROQ query", () => {
  for (const market of MARKETS) {
    it(`holds complete, valid copy for ${market}`, async () => {
      const content = parseLanding(await query(market), market);
      const want = EXPECTED[market];
      expect(content).toMatchObject({
        market,
        locale: want.locale,
        currency: want.currency,
        defaultPhonePrefix: want.prefix,
      });
      expect(content.contact.submit).toBe(want.submit);
      expect([content.contact.successTitle, content.contact.successMessage]).toEqual(want.success);
      expect(content.contact.volumeOptions.map((o) => o.approx)).toEqual([
        want.approx[0],
        null,
        null,
        null,
        want.approx[1],
      ]);
      expect(content.benefits.cards).toHaveLength(3);
      expect(content.benefits.cards.some((c) => c.claim?.includes("70%"))).toBe(true);
      expect(content.hero.highlight).toMatch(/2x/);
      expect(content.footer.copyrightYear).toBe(2025);
    });
  }

  it("holds published documents only, so importing it never leaves a pending draft", () => {
    const ids = readDataset(SEED).map((d) => d._id);
    expect(ids.filter((id) => id.startsWith("drafts."))).toEqual([]);
    expect(ids).toEqual(expect.arrayContaining(MARKETS.map((m) => `landingPage.${m}`)));
  });

  it("hides drafts from visitors and shows them in the drafts perspective", async () => {
    const file = seedWithDrafts();
    const published = await query("mx", "published", file);
    const drafts = await query("mx", "drafts", file);
    expect(published?.hero.title).not.toMatch(/Borrador/);
    expect(drafts?.hero.title).toMatch(/^\[Borrador\]/);
    expect(drafts?._id).toBe("landingPage.mx");
    expect((await query("br", "drafts", file))?.hero.title).toBe((await query("br", "published", file))?.hero.title);
  });

  it("picks up an edited dataset file without a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dataset-"));
    const file = join(dir, "landing.ndjson");
    cpSync(SEED, file);
    expect((await query("ar", "published", file))?.hero.title).not.toBe("Nuevo título");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace(
        /"title": "Pagales a tus proveedores del exterior hoy mismo"/,
        '"title": "Nuevo título"',
      ),
    );
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect((await query("ar", "published", file))?.hero.title).toBe("Nuevo título");
  });
});

describe("content validation", () => {
  async function broken(mutate: (doc: NonNullable<LANDING_QUERY_RESULT>) => void) {
    const doc = structuredClone(await query("br"))!;
    mutate(doc);
    return () => parseLanding(doc, "market br");
  }

  it("rejects a missing option label, naming the document and the field", async () => {
    const parse = await broken((d) => {
      d.contact.countryOptions = d.contact.countryOptions.filter((o) => o.value !== "colombia");
    });
    expect(parse).toThrow(/landingPage\.br[\s\S]*contact\.countryOptions: missing a label for "colombia"/);
  });

  it("rejects an empty label, two cards, an unknown value and a missing equivalent", async () => {
    await expect(broken((d) => (d.contact.reasonOptions[0]!.label = " "))).resolves.toThrow(
      /contact\.reasonOptions\.0\.label/,
    );
    await expect(broken((d) => d.benefits.cards.pop())).resolves.toThrow(/benefits\.cards: needs exactly three cards/);
    await expect(broken((d) => ((d.contact.phonePrefixOptions[0] as { value: string }).value = "44"))).resolves.toThrow(
      /contact\.phonePrefixOptions/,
    );
    await expect(broken((d) => (d.contact.volumeOptions[4]!.approx = null))).resolves.toThrow(
      /contact\.volumeOptions\.4\.approx/,
    );
  });

  it("rejects a form message that lost the placeholder the form fills in", async () => {
    await expect(broken((d) => (d.contact.missingHint = "Para enviar, preencha os campos."))).resolves.toThrow(
      /contact\.missingHint: must contain \{fields\}/,
    );
    await expect(broken((d) => (d.contact.errorRateLimited = "Tente de novo mais tarde."))).resolves.toThrow(
      /contact\.errorRateLimited: must contain \{minutes\}/,
    );
    await expect(broken((d) => (d.contact.phoneUsePrefix = "Usar"))).resolves.toThrow(
      /contact\.phoneUsePrefix: must contain \{code\}/,
    );
    await expect(broken((d) => (d.contact.phoneOtherCountry = "É de outro país?"))).resolves.toThrow(
      /contact\.phoneOtherCountry: must contain \{country\} or \{code\}/,
    );
  });

  it("rejects a range whose label with its local equivalent would not fit a phone's picker", async () => {
    const parse = await broken(
      (d) => (d.contact.approxOver = "aproximadamente {amount} ou mais, conforme o câmbio do dia"),
    );
    expect(parse).toThrow(/contact\.volumeOptions: "100000-plus" with its equivalent is \d+ characters/);
  });

  it("rejects a market without a document", () => {
    expect(() => parseLanding(null, "market zz")).toThrow(/No landing page document for market zz/);
  });
});

describe("market consistency", () => {
  it("rejects a document whose locale or currency belongs to another market", async () => {
    const doc = structuredClone(await query("ar"))!;
    doc.currency = "MXN";
    expect(() => parseLanding(doc, "market ar")).toThrow(/currency: must be ARS for ar/);
  });
});
