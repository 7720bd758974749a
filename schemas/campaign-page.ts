import { defineArrayMember, defineField, defineType, type SlugValidationContext } from "sanity";
import { sectionTypes } from "./sections";
import { portableTextField } from "./fields";
import { campaignDocumentProblems, NOTHING_OVERRIDDEN } from "../lib/campaign/campaign-document-rules";
import { campaignContentSchema, overriddenFields } from "../lib/campaign/campaign-content";
import { CAMPAIGN_SLUG_RULE, isCampaignSlug, slugify } from "../lib/campaign/campaign-slug";
import { LANDING_QUERY } from "../lib/content/queries";
import { SANITY_API_VERSION } from "../lib/content/sanity-api-version";
import { COUNTRIES, REASONS } from "../lib/leads/options";
import { MARKETS, MARKET_NAMES, isMarket } from "../lib/markets/markets";
import { tab } from "./tab-titles";

/** No other campaign page of the same market (draft or published) has this slug. */
async function slugIsFree(slug: string, context: SlugValidationContext): Promise<boolean> {
  const { document, getClient } = context;
  const id = (document?._id ?? "").replace(/^drafts\./, "");
  const clashes = await getClient({ apiVersion: SANITY_API_VERSION }).fetch<number>(
    `count(*[_type == "campaignPage" && market == $market && slug.current == $slug && !(_id in [$id, "drafts." + $id])])`,
    { market: document?.market ?? null, slug, id },
  );
  return clashes === 0;
}

const optionalOf = (values: readonly string[]) => ({ list: [...values] });

/** A page for one ad campaign in one market: the market's landing page with what the campaign overrides. */
export const campaignPage = defineType({
  name: "campaignPage",
  title: "Campaign page",
  type: "document",
  groups: [tab("page", "page", { default: true }), tab("form", "contactForm"), tab("seo", "seo")],
  fields: [
    defineField({
      name: "market",
      title: "Market",
      type: "string",
      group: "page",
      readOnly: true,
      options: { list: MARKETS.map((m) => ({ value: m, title: MARKET_NAMES[m] })) },
      validation: (r) => r.required(),
    }),
    defineField({
      name: "slug",
      title: "Address",
      description: `The page is at /<market>/<address>: ${CAMPAIGN_SLUG_RULE}. Changing it after ads point to it breaks them.`,
      type: "slug",
      group: "page",
      options: { source: "seo.title", maxLength: 80, slugify, isUnique: slugIsFree },
      validation: (r) => [
        r.required(),
        r.custom((value?: { current?: string }) =>
          value?.current === undefined || isCampaignSlug(value.current) ? true : `Must be ${CAMPAIGN_SLUG_RULE}.`,
        ),
      ],
    }),
    defineField({
      name: "hero",
      title: "Hero",
      description: "Leave a field empty to show the market's. The highlight and its footnote are always the market's.",
      type: "object",
      group: "page",
      fields: [
        defineField({ name: "title", title: "Title", type: "string" }),
        { ...portableTextField("body", "Body", "The paragraph under the headline."), validation: undefined },
        defineField({ name: "cta", title: "Call to action", type: "string" }),
        defineField({
          name: "defaultAmount",
          title: "Estimate's starting amount (USD)",
          description: "The amount the savings estimate shows before the visitor types.",
          type: "number",
          validation: (r) => r.integer().positive(),
        }),
      ],
    }),
    defineField({
      name: "benefits",
      title: "Benefits",
      description: "Leave empty to show the market's benefits.",
      type: "benefits",
      group: "page",
    }),
    defineField({
      name: "sections",
      title: "Sections",
      description: "Leave empty to show the market's sections; add sections to show these instead, in this order.",
      type: "array",
      group: "page",
      of: sectionTypes.map((section) => defineArrayMember({ type: section.name })),
    }),
    defineField({
      name: "preset",
      title: "Form preselection",
      description: "Chosen in the form when the page opens; the visitor can still change them.",
      type: "object",
      group: "form",
      fields: [
        defineField({ name: "country", title: "Destination country", type: "string", options: optionalOf(COUNTRIES) }),
        defineField({ name: "reason", title: "Payment reason", type: "string", options: optionalOf(REASONS) }),
      ],
    }),
    defineField({
      name: "indexed",
      title: "Shown in search engines",
      description:
        "Off: search engines are pointed to the market's page and this page stays out of the sitemap (ads still reach it).",
      type: "boolean",
      group: "seo",
      initialValue: false,
    }),
    defineField({ name: "seo", title: "SEO", type: "seo", group: "seo", validation: (r) => r.required() }),
  ],
  // The site's contract, run on the document and on its merge with the market's published page.
  validation: (rule) => [
    rule.custom(async (doc, context) => {
      if (!doc) return true;
      // The merge is checked when the market's published page can be read; the campaign's own rules always are.
      const landing = isMarket(doc.market)
        ? await Promise.resolve()
            .then(() =>
              context
                .getClient({ apiVersion: SANITY_API_VERSION })
                .fetch(LANDING_QUERY, { market: doc.market }, { perspective: "published" }),
            )
            .catch(() => null)
        : null;
      const problems = await campaignDocumentProblems(doc as Parameters<typeof campaignDocumentProblems>[0], landing);
      return problems.length === 0 ? true : problems;
    }),
    rule
      .custom((doc) => {
        const parsed = campaignContentSchema.shape.hero.safeParse((doc as { hero?: unknown } | undefined)?.hero ?? {});
        const hero = parsed.success ? parsed.data : { title: null, body: null, cta: null, defaultAmount: null };
        const rest = doc as {
          benefits?: unknown;
          sections?: unknown[];
          preset?: { country?: string; reason?: string };
        };
        const empty = overriddenFields({
          hero,
          benefits: rest?.benefits ?? null,
          sections: rest?.sections?.length ? rest.sections : null,
          preset: { country: rest?.preset?.country ?? null, reason: rest?.preset?.reason ?? null },
        } as Parameters<typeof overriddenFields>[0]);
        return empty.length === 0 ? NOTHING_OVERRIDDEN : true;
      })
      .info(),
  ],
  preview: {
    select: { market: "market", slug: "slug.current", title: "seo.title" },
    prepare: ({ market, slug, title }: { market?: string; slug?: string; title?: string }) => ({
      title: title ?? slug ?? "Campaign page",
      subtitle: isMarket(market) ? `/${market}/${slug ?? ""}` : undefined,
    }),
  },
});
