import { z } from "zod";
import { benefitsSchema, seoSchema, type LandingContent } from "../content/landing-content";
import { portableText, short } from "../content/content-fields";
import { COUNTRIES, REASONS, type Country, type Reason } from "../leads/options";
import { MARKETS } from "../markets/markets";
import { sectionSchema } from "../../sections/section-types";
import { campaignSlugSchema } from "./campaign-slug";

/**
 * A campaign page's contract: what it overrides of its market's landing page, its own SEO and whether it is indexed.
 * Every override is optional (null inherits the market's); the page renders the merge of the two (`mergeCampaign`).
 */
export const campaignContentSchema = z.object({
  _id: z.string(),
  market: z.enum(MARKETS),
  slug: campaignSlugSchema,
  indexed: z.boolean(),
  hero: z.object({
    title: short("heroTitle").nullable(),
    body: portableText.nullable(),
    cta: short("heroCta").nullable(),
    defaultAmount: z.number().int().positive().nullable(),
  }),
  benefits: benefitsSchema.nullable(),
  sections: z.array(sectionSchema).nullable(),
  preset: z.object({
    country: z.enum(COUNTRIES, "not an offered country").nullable(),
    reason: z.enum(REASONS, "not an offered reason").nullable(),
  }),
  seo: seoSchema,
});

export type CampaignContent = z.infer<typeof campaignContentSchema>;

/** What the form starts with on a campaign page: the visitor can still change both. */
export type FormPreset = { country: Country | null; reason: Reason | null };

/** The overrides a campaign page sets, by field path: empty means it shows the market's page under its own SEO. */
export function overriddenFields(campaign: Pick<CampaignContent, "hero" | "benefits" | "sections" | "preset">) {
  const set = (path: string, value: unknown) => (value == null ? [] : [path]);
  return [
    ...set("hero.title", campaign.hero.title),
    ...set("hero.body", campaign.hero.body),
    ...set("hero.cta", campaign.hero.cta),
    ...set("hero.defaultAmount", campaign.hero.defaultAmount),
    ...set("benefits", campaign.benefits),
    ...set("sections", campaign.sections),
    ...set("preset.country", campaign.preset.country),
    ...set("preset.reason", campaign.preset.reason),
  ];
}

/**
 * The page a campaign shows: its market's landing content with the campaign's overrides. The hero's highlight and its
 * footnote, the estimate's prices, rate and wording, the header, company facts, form and footer stay the market's
 * (the highlight is a claim the market's footnote substantiates); the SEO is the campaign's own.
 */
export function mergeCampaign(landing: LandingContent, campaign: CampaignContent): LandingContent {
  const { hero } = campaign;
  return {
    ...landing,
    seo: campaign.seo,
    hero: {
      ...landing.hero,
      title: hero.title ?? landing.hero.title,
      body: hero.body ?? landing.hero.body,
      cta: hero.cta ?? landing.hero.cta,
      estimate: { ...landing.hero.estimate, defaultAmount: hero.defaultAmount ?? landing.hero.estimate.defaultAmount },
    },
    benefits: campaign.benefits ?? landing.benefits,
    sections: campaign.sections ?? landing.sections,
  };
}
