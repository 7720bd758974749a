import { z } from "zod";
import { MARKETS, MARKET_LOCALES } from "../markets/markets";
import { InvalidContentError } from "./landing-content";
import type { PRIVACY_NOTICE_QUERY_RESULT } from "./sanity.types";
import { noMarkDefs } from "./content-fields";

/**
 * The privacy notice's content boundary, like the landing page's: the document validates completely or the page
 * fails naming the document and field, so a market never shows a notice with a blank legal detail.
 */
const text = z.string().trim().min(1, "must not be empty");

const span = z.object({
  _type: z.literal("span"),
  _key: z.string(),
  text: z.string(),
  marks: z.array(z.string()).optional(),
});
const block = z.object({
  _type: z.literal("block"),
  _key: z.string(),
  style: z.enum(["normal", "h3"]).optional(),
  listItem: z.literal("bullet").optional(),
  level: z.number().int().positive().optional(),
  markDefs: noMarkDefs,
  children: z.array(span).min(1),
});

export const privacyNoticeSchema = z
  .object({
    _id: z.string(),
    market: z.enum(MARKETS),
    locale: z.enum(MARKET_LOCALES),
    title: text,
    updatedAt: z.iso.date("must be a date (YYYY-MM-DD)"),
    updatedLabel: text,
    body: z.array(block).min(1, "needs at least one paragraph"),
    closeLabel: text,
    fullNoticeLabel: text,
    detailsTitle: text,
    legalName: text,
    legalNameLabel: text,
    address: text,
    addressLabel: text,
    privacyEmail: z.email("must be an email address"),
    privacyEmailLabel: text,
    authority: text,
    authorityUrl: z.url({ protocol: /^https$/, error: "must be an https URL" }),
    authorityLabel: text,
    formLine: text.includes("{link}", { message: "must contain {link}" }),
    formLinkLabel: text,
    footerLinkLabel: text,
    askConsent: z.boolean(),
    bannerLabel: text,
    bannerText: text,
    acceptLabel: text,
    rejectLabel: text,
    settingsLinkLabel: text,
    bannerGrantedNow: text,
    bannerDeniedNow: text,
  })
  .superRefine((doc, ctx) => {
    const locale = MARKET_LOCALES[doc.market];
    if (doc.locale !== locale)
      ctx.addIssue({ code: "custom", path: ["locale"], message: `must be ${locale} for ${doc.market}` });
  });

export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

/** Validates a query result; the error names the document and every failing field. */
export function parsePrivacyNotice(result: PRIVACY_NOTICE_QUERY_RESULT, where: string): PrivacyNotice {
  if (!result) throw new InvalidContentError(`No privacy notice document for ${where}`);
  const parsed = privacyNoticeSchema.safeParse(result);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(document)"}: ${i.message}`);
  throw new InvalidContentError(`Invalid content in document "${result._id}" (${where}):\n  ${problems.join("\n  ")}`);
}
