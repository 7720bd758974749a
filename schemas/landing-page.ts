import { defineArrayMember, defineField, defineType } from "sanity";
import { marketIdentityFields } from "./market-fields";
import { sectionTypes } from "./sections";
import { MARKET_CURRENCIES, MARKET_NAMES, isMarket } from "../lib/markets/markets";
import { PHONE_PREFIXES, VOLUMES } from "../lib/leads/options";
import { conversionValueKey } from "../lib/stages/conversion-value-keys";
import { COPY_LIMITS, limitMessage } from "../lib/content/copy-limits";
import { landingDocumentProblems } from "../lib/content/landing-document-rules";
import { tab } from "./tab-titles";

/** All visitor-facing copy of one market's landing page: one document per market, published on its own. */
export const landingPage = defineType({
  name: "landingPage",
  title: "Landing page",
  type: "document",
  groups: [
    tab("market", "market"),
    tab("page", "page", { default: true }),
    tab("sections", "sections"),
    tab("company", "companyFacts"),
    tab("form", "contactForm"),
    tab("seo", "seo"),
  ],
  fields: [
    ...marketIdentityFields("market"),
    defineField({
      name: "currency",
      title: "Local currency",
      description: "Used to format the local equivalents of the amount ranges.",
      type: "string",
      group: "market",
      options: { list: Object.values(MARKET_CURRENCIES) },
      validation: (r) => r.required(),
    }),
    defineField({
      name: "conversionValues",
      title: "Conversion value by monthly volume (USD)",
      description:
        "What a lead of each monthly volume is worth to the business, in US dollars. Google Ads and Meta receive it with each conversion (the lead, qualified, customer), so their bidding can value a large payer above a small one. Leave a range empty to send no value for it.",
      type: "object",
      group: "market",
      options: { collapsible: true, collapsed: false },
      fields: VOLUMES.map((volume) =>
        defineField({
          name: conversionValueKey(volume),
          title: `US$ ${volume.replace("-plus", " or more").replace("-", " – ")} a month`,
          type: "number",
          validation: (r) => r.min(0).max(10_000_000).precision(2),
        }),
      ),
    }),
    defineField({
      name: "defaultPhonePrefix",
      title: "Default phone country code",
      description: "Pre-selected in the form.",
      type: "string",
      group: "market",
      options: { list: [...PHONE_PREFIXES] },
      validation: (r) => r.required(),
    }),
    defineField({
      name: "brandName",
      title: "Brand name",
      description: "Top left of the header and in the footer.",
      type: "string",
      group: "page",
      validation: (r) => [r.required(), r.max(COPY_LIMITS.brandName.warn).warning(limitMessage("brandName", "warn"))],
    }),
    defineField({
      name: "header",
      title: "Header",
      type: "siteHeader",
      group: "page",
      validation: (r) => r.required(),
    }),
    defineField({ name: "hero", title: "Hero", type: "hero", group: "page", validation: (r) => r.required() }),
    defineField({
      name: "benefits",
      title: "Benefits",
      type: "benefits",
      group: "page",
      validation: (r) => r.required(),
    }),
    defineField({
      name: "sections",
      title: "Sections",
      description: "Shown between the benefits and the contact form, in this order: add, remove and drag to reorder.",
      type: "array",
      group: ["page", "sections"],
      of: sectionTypes.map((section) => defineArrayMember({ type: section.name })),
    }),
    defineField({
      name: "company",
      title: "Company facts",
      type: "company",
      group: "company",
      validation: (r) => r.required(),
    }),
    defineField({
      name: "contact",
      title: "Contact form",
      type: "contactSection",
      group: "form",
      validation: (r) => r.required(),
    }),
    defineField({ name: "followUp", title: "After the form", type: "followUp", group: "form" }),
    defineField({
      name: "footer",
      title: "Footer",
      type: "siteFooter",
      group: "page",
      validation: (r) => r.required(),
    }),
    defineField({
      name: "errorPage",
      title: "Error screen",
      type: "errorPage",
      group: "page",
      validation: (r) => r.required(),
    }),
    defineField({ name: "seo", title: "SEO", type: "seo", group: "seo", validation: (r) => r.required() }),
  ],
  // The site's content contract, run on the document: whatever the site would refuse is an error here, on its field.
  validation: (rule) =>
    rule.custom(async (doc) => {
      const problems = await landingDocumentProblems(doc as Parameters<typeof landingDocumentProblems>[0]);
      return problems.length === 0 ? true : problems;
    }),
  preview: {
    select: { market: "market", title: "hero.title" },
    prepare: ({ market, title }: { market?: string; title?: string }) => ({
      title: isMarket(market) ? MARKET_NAMES[market] : "Landing page",
      subtitle: title,
    }),
  },
});
