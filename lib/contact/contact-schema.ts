import { z } from "zod";
import { isCampaignSlug } from "../campaign/campaign-slug";
import { MARKETS } from "../markets/markets";
import { isEmailAddress } from "./email-rule";
import { hasRefusedCharacter, startsLikeFormula, withoutInvisible } from "../leads/lead-text.ts";
import {
  COUNTRIES,
  FIELD_LIMITS,
  PHONE_MIN_LENGTH,
  PHONE_PATTERN,
  PHONE_PREFIXES,
  REASONS,
  VOLUMES,
} from "../leads/options";
import { parsePhone } from "./phone";

/**
 * The contact request as the route handler accepts it. Limits match the CHECK constraints of
 * supabase/migrations; the form's HTML constraints come from the same constants in options.ts, and its email and
 * phone checks from the same rules (email-rule.ts, phone-rules.ts).
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
/** A name a spreadsheet shows as typed: never one it would run as a formula (the form's NAME_PATTERN). */
const nameText = (max: number) =>
  requiredText(max).refine((value) => !startsLikeFormula(value), "Must not start with =, +, - or @");

const requestSchema = z.strictObject({
  company: nameText(FIELD_LIMITS.company),
  contact: nameText(FIELD_LIMITS.contact),
  // The form applies the same rule (email-rule.ts): an address the browser lets through is never refused here.
  email: string()
    .max(FIELD_LIMITS.email, `At most ${FIELD_LIMITS.email} characters`)
    .refine(isEmailAddress, "Not a valid email address"),
  phonePrefix: z.enum(PHONE_PREFIXES, "Not an offered country code"),
  phone: string()
    .min(PHONE_MIN_LENGTH, `At least ${PHONE_MIN_LENGTH} characters`)
    .max(FIELD_LIMITS.phone, `At most ${FIELD_LIMITS.phone} characters`)
    .regex(new RegExp(`^(?:${PHONE_PATTERN})$`), "Digits, spaces, dashes, dots, parentheses and a leading + only"),
  country: z.enum(COUNTRIES, "Not an offered country"),
  reason: z.enum(REASONS, "Not an offered reason"),
  volume: z.enum(VOLUMES, "Not an offered range"),
  market: z.enum(MARKETS, "Not a market"),
  /** The campaign page the lead was sent from (its slug); absent from the market's own page. */
  page: z.string().refine(isCampaignSlug, "Not a campaign page address").optional(),
  submissionId: z.uuidv4("Not a UUID v4"),
  /**
   * Where the visitor came from and the privacy notice they were shown: read leniently by the route (see
   * lib/attribution/campaign-touch.ts), so bad tracking input never costs a lead.
   */
  attribution: z.unknown().optional(),
  noticeVersion: z.unknown().optional(),
  /**
   * The solved proof-of-work challenge (lib/proof/): checked by the route, and a bad one holds the lead, never refuses
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
