import { z } from "zod";
import { isCampaignSlug } from "../campaign/campaign-slug";
import { MARKETS } from "../markets/markets";
import { isEmailAddress } from "./email-rule";
import { FIELD_LIMITS, LEAD_FIELDS, PHONE_MIN_LENGTH, SELECT_OPTIONS, type FormFieldName } from "../leads/lead-fields";
import { hasRefusedCharacter, startsLikeFormula, withoutInvisible } from "../leads/lead-text.ts";
import { PHONE_PATTERN } from "../leads/options";
import { parsePhone } from "./phone";

/**
 * The contact request as the route handler accepts it. Limits, options and which text a spreadsheet may read come
 * from the fields' declaration (lib/leads/lead-fields.ts), as do the form's HTML constraints; the CHECK constraints of
 * supabase/migrations match them (tests/integration/migrations.test.ts). The form's email and phone checks are the
 * same rules (email-rule.ts, phone-rules.ts).
 */

/**
 * "Required" when absent, "Must be text" for another type: messages a person can act on. Invisible characters that
 * come with pasted text are removed first; controls, line separators and direction marks are refused (lead-text.ts).
 */
const string = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "Required" : "Must be text") })
    .overwrite(withoutInvisible)
    .trim()
    .refine((value) => !hasRefusedCharacter(value), "Control or text-direction characters are not allowed");
const requiredText = (max: number) => string().min(1, "Required").max(max, `At most ${max} characters`);

/** Each field of the lead the request carries, by its kind: a field declared without a rule here does not compile. */
const FIELD_RULES = {
  company: requiredText(FIELD_LIMITS.company),
  contact: requiredText(FIELD_LIMITS.contact),
  // The form applies the same rule (email-rule.ts): an address the browser lets through is never refused here.
  email: string()
    .max(FIELD_LIMITS.email, `At most ${FIELD_LIMITS.email} characters`)
    .refine(isEmailAddress, "Not a valid email address"),
  phonePrefix: z.enum(SELECT_OPTIONS.phonePrefix, "Not an offered country code"),
  phone: string()
    .min(PHONE_MIN_LENGTH, `At least ${PHONE_MIN_LENGTH} characters`)
    .max(FIELD_LIMITS.phone, `At most ${FIELD_LIMITS.phone} characters`)
    .regex(new RegExp(`^(?:${PHONE_PATTERN})$`), "Digits, spaces, dashes, dots, parentheses and a leading + only"),
  country: z.enum(SELECT_OPTIONS.country, "Not an offered country"),
  reason: z.enum(SELECT_OPTIONS.reason, "Not an offered reason"),
  volume: z.enum(SELECT_OPTIONS.volume, "Not an offered range"),
  market: z.enum(MARKETS, "Not a market"),
  /** The campaign page the lead was sent from (its slug); absent from the market's own page. */
  page: z.string().refine(isCampaignSlug, "Not a campaign page address").optional(),
} satisfies Record<FormFieldName | "market" | "page", z.ZodType>;

/**
 * Text a spreadsheet may read that its declaration says to refuse (a name, an email address) is refused when it
 * starts like a formula: for every such field, whatever its own rule (the form's `pattern` and email rule agree).
 */
function refusingFormulas<Rules extends Partial<Record<FormFieldName, z.ZodType>>>(rules: Rules): Rules {
  const ruled = Object.entries(rules).map(([name, rule]) => {
    const refuse = name in LEAD_FIELDS && LEAD_FIELDS[name as FormFieldName].spreadsheet === "refuse";
    return [
      name,
      refuse
        ? (rule as z.ZodType).refine(
            (value) => typeof value !== "string" || !startsLikeFormula(value),
            "Must not start with =, +, - or @",
          )
        : rule,
    ];
  });
  return Object.fromEntries(ruled) as Rules;
}

const requestSchema = z.strictObject({
  ...refusingFormulas(FIELD_RULES),
  submissionId: z.uuidv4("Not a UUID v4"),
  /**
   * Where the visitor came from and the privacy notice they were shown: read leniently by the route (see
   * lib/attribution/campaign-touch.ts), so bad tracking input never costs a lead.
   */
  attribution: z.unknown().optional(),
  noticeVersion: z.unknown().optional(),
  /**
   * The solved proof-of-work challenge (lib/proof-of-work/): checked by the route, and a bad one holds the lead, never refuses
   * it.
   */
  proof: z.unknown().optional(),
  /** Honeypot: people never see it, so anything in it is a bot. */
  website: z.string().max(200).optional(),
});

/** The phone is parsed against the selected prefix: the output holds what is stored (see lib/contact/phone.ts). */
export const contactRequestSchema = requestSchema.transform((request, ctx) => {
  const phone = parsePhone(request.phone, request.phonePrefix);
  if ("error" in phone) {
    ctx.addIssue({ code: "custom", path: ["phone"], message: phone.error, input: request.phone });
    return z.NEVER;
  }
  return { ...request, phonePrefix: phone.prefix, phone: phone.national, phoneE164: phone.e164 };
});

export type ContactRequest = z.output<typeof contactRequestSchema>;

/** A ZodError as `{field: message}` — the first message per field, for the 422 body. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[key] ??= "Unknown field";
      continue;
    }
    const name = issue.path.length > 0 ? String(issue.path[0]) : "body";
    fields[name] ??= issue.message;
  }
  return fields;
}
