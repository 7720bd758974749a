import { z } from "zod";
import { BENEFIT_ICONS } from "./benefit-icons";
import { contactSchema, volumeLabelsFit } from "./contact-content";
import { optionalText, portableText, short, text } from "./content-fields";
import { sectionSchema } from "../../sections/section-types";
import { PHONE_PREFIXES } from "../leads/options";
import { followUpSchema } from "./follow-up-content";
import { estimateSavings } from "../savings/estimate";
import { MARKETS, MARKET_CURRENCIES, MARKET_LOCALES, isMarket, type Market } from "../markets/markets";
import type { LANDING_QUERY_RESULT } from "./sanity.types";

/**
 * The content boundary: a landing document either validates completely or the page fails with the document id
 * and field, so a visitor never sees half a page. TypeGen types say what the query can return; this says what
 * the page requires.
 */

/**
 * The legal entity behind the market's site: shown in the footer and the regulation section, and told to search
 * engines.
 */
const company = z.object({
  legalName: text,
  taxIdLabel: text,
  taxId: text,
  address: z.object({ streetAddress: text, postalCode: text, addressLocality: text, addressRegion: text }),
  email: z.email("must be an email address"),
});

const pricing = z.object({
  feeUsd: z.number().min(0),
  fxMarginPercent: z.number().min(0).max(100),
  intermediaryUsd: z.number().min(0),
});

/** The hero's savings estimate: every assumption is content, and the card's footnote says where they come from. */
const estimate = z
  .object({
    title: short("sectionTitle"),
    amountLabel: short("fieldLabel"),
    defaultAmount: z.number().int().positive(),
    usdRate: z.number().positive(),
    bankLabel: short("estimateColumn"),
    feeLabel: short("estimateRow"),
    fxMarginLabel: short("estimateRow"),
    intermediaryLabel: short("estimateRow"),
    totalLabel: short("estimateRow"),
    bank: pricing,
    ours: pricing,
    savingLabel: text,
    savingShare: text.includes("{percent}", { message: "must contain {percent}" }),
    note: text,
  })
  // A calculator that shows the bank as cheaper contradicts the page around it.
  .refine((e) => estimateSavings(e.defaultAmount, e.bank, e.ours).saving > 0, {
    path: ["ours"],
    message: "at the default amount our costs must be lower than the bank's",
  });

/** Title, description and social image of a page in search results and link previews. */
export const seoSchema = z.object({
  title: text,
  description: text,
  // An uploaded image needs its asset; the social image is then built from it (lib/seo/social-image.ts).
  ogImage: z
    .object({ asset: z.object({ _ref: z.string().min(1, "upload an image") }).loose() })
    .loose()
    .nullable(),
});

export const benefitsSchema = z.object({
  title: short("sectionTitle"),
  cards: z
    .array(
      z.object({
        _key: z.string(),
        icon: z.enum(BENEFIT_ICONS),
        claim: short("cardClaim"),
        claimNote: optionalText,
        title: short("cardTitle"),
        body: portableText,
      }),
    )
    .length(3, "needs exactly three cards"),
});

export const landingContentSchema = z
  .object({
    _id: z.string(),
    market: z.enum(MARKETS),
    locale: z.enum(MARKET_LOCALES),
    currency: z.enum(MARKET_CURRENCIES),
    defaultPhonePrefix: z.enum(PHONE_PREFIXES),
    brandName: short("brandName"),
    seo: seoSchema,
    header: z.object({ flagLabel: text, contactButton: short("contactButton") }),
    company,
    hero: z.object({
      title: short("heroTitle"),
      highlight: short("heroHighlight"),
      highlightNote: text,
      body: portableText,
      cta: short("heroCta"),
      estimate,
    }),
    benefits: benefitsSchema,
    sections: z.array(sectionSchema),
    contact: contactSchema,
    followUp: followUpSchema.nullable(),
    footer: z.object({ tagline: text, copyrightYear: z.number().int().min(2000), rights: text, disclosure: text }),
  })
  // A market's locale and currency are fixed; a copy-paste from another market must not slip through. Checked even
  // when other fields fail, so the Studio lists every problem at once.
  .refine((doc) => doc.locale === MARKET_LOCALES[doc.market], {
    path: ["locale"],
    error: (issue) =>
      `must be ${MARKET_LOCALES[(issue.input as { market: Market }).market]} for ${(issue.input as { market: Market }).market}`,
    when: ({ value }) => isMarket((value as { market?: unknown } | undefined)?.market),
  })
  .refine((doc) => doc.currency === MARKET_CURRENCIES[doc.market], {
    path: ["currency"],
    error: (issue) =>
      `must be ${MARKET_CURRENCIES[(issue.input as { market: Market }).market]} for ${(issue.input as { market: Market }).market}`,
    when: ({ value }) => isMarket((value as { market?: unknown } | undefined)?.market),
  })
  .superRefine(volumeLabelsFit);

export type LandingContent = z.infer<typeof landingContentSchema>;

/** The words of a market's error screen (its title stays the spec's). */
export const errorPageSchema = z.object({ message: text, homeLink: short("heroCta") });
export type ErrorPageCopy = z.infer<typeof errorPageSchema>;

export class InvalidContentError extends Error {}

/** Validates a query result; the error names the document and every failing field. */
export function parseLanding(result: LANDING_QUERY_RESULT, where: string): LandingContent {
  if (!result) throw new InvalidContentError(`No landing page document for ${where}`);
  const parsed = landingContentSchema.safeParse(result);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(document)"}: ${i.message}`);
  throw new InvalidContentError(`Invalid content in document "${result._id}" (${where}):\n  ${problems.join("\n  ")}`);
}
