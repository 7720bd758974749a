import { z } from "zod";
import { MARKETS } from "../markets/markets";
import { COUNTRIES, FIELD_LIMITS, PHONE_MIN_LENGTH, PHONE_PREFIXES, REASONS, VOLUMES } from "./options";

/**
 * The contact request as the route handler accepts it. Limits match the CHECK constraints of
 * supabase/migrations; the form's HTML constraints come from the same constants in options.ts.
 */
/** "Required" when absent, "Must be text" for another type: messages a person can act on. */
const string = () => z.string({ error: (issue) => (issue.input === undefined ? "Required" : "Must be text") });
const requiredText = (max: number) => string().trim().min(1, "Required").max(max, `At most ${max} characters`);

export const contactRequestSchema = z.strictObject({
  company: requiredText(FIELD_LIMITS.company),
  contact: requiredText(FIELD_LIMITS.contact),
  email: string().trim().max(FIELD_LIMITS.email, `At most ${FIELD_LIMITS.email} characters`).pipe(z.email("Not a valid email address")),
  phonePrefix: z.enum(PHONE_PREFIXES, "Not an offered country code"),
  phone: string()
    .trim()
    .min(PHONE_MIN_LENGTH, `At least ${PHONE_MIN_LENGTH} characters`)
    .max(FIELD_LIMITS.phone, `At most ${FIELD_LIMITS.phone} characters`)
    .regex(/^[0-9][0-9 -]*[0-9]$/, "Digits, spaces and dashes only"),
  country: z.enum(COUNTRIES, "Not an offered country"),
  reason: z.enum(REASONS, "Not an offered reason"),
  volume: z.enum(VOLUMES, "Not an offered range"),
  market: z.enum(MARKETS, "Not a market"),
  submissionId: z.uuid("Not a UUID"),
  /** Honeypot: people never see it, so anything in it is a bot. */
  website: z.string().max(200).optional(),
});

export type ContactRequest = z.infer<typeof contactRequestSchema>;

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
