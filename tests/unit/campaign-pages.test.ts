import { createSchema, validateDocument, type SanityDocument, type Workspace } from "sanity";
import { describe, expect, it } from "vitest";
import { campaignContentSchema, mergeCampaign, type CampaignContent } from "@/lib/campaign/campaign-content";
import { NOTHING_OVERRIDDEN } from "@/lib/campaign/campaign-document-rules";
import { campaignRoutes } from "@/lib/campaign/campaign-source";
import { isCampaignSlug, slugify } from "@/lib/campaign/campaign-slug";
import { landingContentSchema, type LandingContent } from "@/lib/content/landing-content";
import { queryLocalDataset } from "@/lib/content/local-dataset";
import { CAMPAIGN_PAGE_QUERY, CAMPAIGN_SLUGS_QUERY, LANDING_QUERY } from "@/lib/content/queries";
import type { CAMPAIGN_SLUGS_QUERY_RESULT } from "@/lib/content/sanity.types";
import { MARKETS } from "@/lib/markets/markets";
import { schemaTypes } from "@/schemas";
import { readDataset } from "../support/sanity/dataset-file";

const SEED = "studio/seed/landing.ndjson";
const read = <R>(query: string, params: Record<string, string>) =>
  queryLocalDataset<R>(SEED, query, params, "published");
const landingOf = async (market: string) => landingContentSchema.parse(await read(LANDING_QUERY, { market }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = SanityDocument & Record<string, any>;
const seedCampaigns = readDataset(SEED).filter((d) => d._type === "campaignPage") as Doc[];
const mxCampaign = () => structuredClone(seedCampaigns.find((d) => d.market === "mx")!);

type Marker = { level: string; message: string; path: unknown[] };
/** Sanity's own validation as the Studio runs it, its client answering with the market's published landing page. */
async function studioMarkers(document: Doc, market?: (landing: LandingContent) => void): Promise<Marker[]> {
  const landing = await read<LandingContent>(LANDING_QUERY, { market: document.market });
  market?.(landing);
  const workspace = {
    schema: createSchema({ name: "default", types: schemaTypes }),
    getClient: () => ({ fetch: async (query: string) => (query.startsWith("count(") ? 0 : landing) }),
  } as unknown as Workspace;
  return (await validateDocument({
    document,
    workspace,
    environment: "studio",
    getDocumentExists: async () => true,
  })) as Marker[];
}

describe("campaign page slug rule", () => {
  it("takes lowercase letters, digits and single hyphens between them", () => {
    for (const slug of ["importadores", "importadores-china", "pagamento-fornecedores-exterior", "q4-2026"])
      expect(isCampaignSlug(slug), slug).toBe(true);
  });

  it("refuses capitals, accents, spaces, slashes, edge or double hyphens, and over 80 characters", () => {
    for (const slug of ["Importadores", "importação", "a b", "a/b", "-a", "a-", "a--b", "", "a".repeat(81)])
      expect(isCampaignSlug(slug), slug).toBe(false);
  });

  it("proposes a slug from a title in the market's language", () => {
    expect(slugify("Pagamento a fornecedores no exterior!")).toBe("pagamento-a-fornecedores-no-exterior");
    expect(slugify("  Importación: China — 2026 ")).toBe("importacion-china-2026");
  });
});

describe("campaign page merge", () => {
  it("replaces the hero's title, body, call to action and starting amount, and keeps the market's claim", async () => {
    const landing = await landingOf("mx");
    const campaign = campaignContentSchema.parse(await read(CAMPAIGN_PAGE_QUERY, { id: mxCampaign()._id }));
    const page = mergeCampaign(landing, campaign);
    expect(page.hero.title).toBe("Paga a tus proveedores en China sin vueltas");
    expect(page.hero.cta).toBe(campaign.hero.cta);
    expect(page.hero.body).toEqual(campaign.hero.body);
    expect(page.hero.estimate.defaultAmount).toBe(50000);
    expect(page.hero.highlight).toBe(landing.hero.highlight);
    expect(page.hero.highlightNote).toBe(landing.hero.highlightNote);
    expect({ ...page.hero.estimate, defaultAmount: 0 }).toEqual({ ...landing.hero.estimate, defaultAmount: 0 });
    expect(page.seo).toEqual(campaign.seo);
    for (const kept of ["header", "company", "contact", "footer", "brandName", "locale", "currency"] as const)
      expect(page[kept]).toEqual(landing[kept]);
  });

  it("inherits benefits and sections unless the campaign sets its own", async () => {
    const landing = await landingOf("br");
    const nothing: CampaignContent = {
      _id: "c",
      market: "br",
      slug: "x",
      indexed: false,
      hero: { title: null, body: null, cta: null, defaultAmount: null },
      benefits: null,
      sections: null,
      preset: { country: null, reason: null },
      seo: landing.seo,
    };
    expect(mergeCampaign(landing, nothing)).toEqual(landing);
    const sections = landing.sections.slice(0, 1);
    const benefits: LandingContent["benefits"] = { ...landing.benefits, title: "Outro título" };
    const own = mergeCampaign(landing, { ...nothing, sections, benefits });
    expect(own.sections).toEqual(sections);
    expect(own.benefits.title).toBe("Outro título");
  });

  it("gives every market's seed campaign page a complete page", async () => {
    const routes = campaignRoutes(await read<CAMPAIGN_SLUGS_QUERY_RESULT>(CAMPAIGN_SLUGS_QUERY, {}));
    expect(routes.map((r) => `/${r.market}/${r.slug}`).sort()).toEqual([
      "/ar/importadores",
      "/br/pagamento-fornecedores-exterior",
      "/mx/importadores-china",
    ]);
    for (const market of MARKETS) {
      const route = routes.find((r) => r.market === market)!;
      const campaign = campaignContentSchema.parse(await read(CAMPAIGN_PAGE_QUERY, { id: route.id }));
      expect(landingContentSchema.safeParse(mergeCampaign(await landingOf(market), campaign)).success).toBe(true);
    }
  });
});

describe("campaign routes", () => {
  it("serves the first-created of two pages published at one address, and leaves out broken slugs", () => {
    const entry = (id: string, slug: string | null) => ({ _id: id, market: "mx", slug, indexed: false });
    const routes = campaignRoutes([entry("a", "ofertas"), entry("b", "ofertas"), entry("c", "Con Espacios")]);
    expect(routes).toEqual([{ id: "a", market: "mx", slug: "ofertas", indexed: false }]);
  });
});

describe("campaign page contract in the Studio", () => {
  const errors = (markers: Marker[]) => markers.filter((m) => m.level === "error");

  it("accepts every seed campaign page", async () => {
    for (const doc of seedCampaigns) expect(errors(await studioMarkers(doc)), doc._id).toEqual([]);
  });

  it("refuses a broken campaign page on the field at fault, as the site does", async () => {
    const corpus: { doc: Doc; path: unknown[] }[] = [
      { doc: { ...mxCampaign(), slug: { _type: "slug", current: "Importadores China" } }, path: ["slug"] },
      { doc: { ...mxCampaign(), hero: { ...mxCampaign().hero, title: "x".repeat(80) } }, path: ["hero", "title"] },
      { doc: { ...mxCampaign(), preset: { country: "japan" } }, path: ["preset", "country"] },
      { doc: { ...mxCampaign(), seo: { _type: "seo", title: "Sólo título" } }, path: ["seo", "description"] },
    ];
    for (const { doc, path } of corpus) {
      const found = errors(await studioMarkers(doc)).filter((m) => m.message.startsWith("The site refuses this"));
      expect(
        found.map((m) => m.path),
        JSON.stringify(path),
      ).toContainEqual(path);
      expect(campaignContentSchema.safeParse(await projectOne(doc)).success).toBe(false);
    }
  });

  it("refuses a starting amount at which the market's estimate would show no saving", async () => {
    // A market whose flat fee is above the bank's: at US$ 100 it costs more, at the market's US$ 20,000 less.
    const market = (landing: LandingContent) => {
      landing.hero.estimate.ours.feeUsd = 150;
    };
    const at = (defaultAmount: number) =>
      studioMarkers({ ...mxCampaign(), hero: { ...mxCampaign().hero, defaultAmount } }, market);
    expect(errors(await at(100)).map((m) => m.path)).toContainEqual(["hero", "defaultAmount"]);
    expect(errors(await at(20000))).toEqual([]);
  });

  it("allows a campaign page that overrides nothing, and says so", async () => {
    const bare = mxCampaign();
    delete bare.hero;
    delete bare.preset;
    const markers = await studioMarkers(bare);
    expect(errors(markers)).toEqual([]);
    expect(markers).toContainEqual(expect.objectContaining({ level: "info", message: NOTHING_OVERRIDDEN }));
  });
});

/** The site's projection of one document, as the embedded dataset reads it. */
async function projectOne(doc: Doc) {
  const { evaluate, parse } = await import("groq-js");
  const params = { id: doc._id };
  return (await evaluate(parse(CAMPAIGN_PAGE_QUERY, { params }), { dataset: [doc], params })).get();
}

describe("the lead's campaign page", () => {
  it("is taken when it follows the slug rule, refused naming the field otherwise", async () => {
    const { contactRequestSchema, fieldErrors } = await import("@/lib/contact/contact-schema");
    const lead = {
      company: "Acme",
      contact: "Ana",
      email: "ana@example.com",
      phonePrefix: "1",
      phone: "(201) 555-0123",
      country: "usa",
      reason: "goods",
      volume: "10000-49999",
      market: "mx",
      submissionId: "5f0c6b9e-3f7e-4c52-9a51-2c0d7f4b8a10",
    };
    expect(contactRequestSchema.parse({ ...lead, page: "importadores-china" }).page).toBe("importadores-china");
    expect(contactRequestSchema.parse(lead).page).toBeUndefined();
    const refused = contactRequestSchema.safeParse({ ...lead, page: "../admin" });
    expect(refused.success ? {} : fieldErrors(refused.error)).toEqual({ page: "Not a campaign page address" });
  });
});
