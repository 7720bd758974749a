import { z } from "zod";
import { httpsUrl, short, text } from "./content-fields";

/**
 * A market's follow-up of a lead, as content: when its sales team works (days, hours, time zone, days off beyond
 * the public holidays), how soon it promises to call, where a visitor can book a call or write on WhatsApp, and the
 * words of the confirmation on the page and of the email the lead receives. Optional as a whole: without it the
 * page keeps its general confirmation and no email is sent.
 */

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The placeholders each template may hold; a message with any other would reach the visitor with a gap in it. */
export const TEMPLATE_PLACEHOLDERS = {
  whatsappAmount: { allowed: ["amount"], required: ["amount"] },
  whatsappAfter: { allowed: ["reference"], required: ["reference"] },
  contactToday: { allowed: ["time"], required: ["time"] },
  contactTomorrow: { allowed: ["time"], required: ["time"] },
  contactLater: { allowed: ["weekday", "date", "time"], required: ["date"] },
  emailSubject: { allowed: ["reference"], required: [] },
  emailContactTime: { allowed: ["when"], required: ["when"] },
  emailFooter: { allowed: ["brand"], required: [] },
} as const satisfies Record<string, { allowed: readonly string[]; required: readonly string[] }>;
export type TemplateName = keyof typeof TEMPLATE_PLACEHOLDERS;

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** Problems of a template: an unknown placeholder, or a required one missing. Shared by the site and the Studio. */
export function templateProblems(name: TemplateName, value: string): string[] {
  const { allowed, required } = TEMPLATE_PLACEHOLDERS[name];
  const known = (allowed as readonly string[]).map((p) => `{${p}}`).join(", ") || "none";
  const problems = [...value.matchAll(PLACEHOLDER)]
    .map((m) => m[1]!)
    .filter((p) => !(allowed as readonly string[]).includes(p))
    .map((p) => `{${p}} is not a placeholder this text can use (it can use: ${known})`);
  for (const p of required) if (!value.includes(`{${p}}`)) problems.push(`must contain {${p}}`);
  return problems;
}

const template = (name: TemplateName, base = text) =>
  base.superRefine((value, ctx) => {
    for (const message of templateProblems(name, value)) ctx.addIssue({ code: "custom", message });
  });

/** "09:00" — a time of day on a 24-hour clock. */
const clock = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, "must be a time like 09:00 (24-hour clock)");
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

// Each content read checks the zone, and building a formatter to ask is the costly part: each answer is kept.
const knownZones = new Map<string, boolean>();
const isTimeZone = (zone: string) => {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known;
};
const timeZone = z.string().refine(isTimeZone, "must be a time zone such as America/Mexico_City");

/** Absent in the document: null (the GROQ projection passes the object whole, so absent fields are missing). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === undefined || value === "" ? null : value), schema.nullable());

export const followUpSchema = z
  .object({
    salesDays: z.array(z.enum(WEEKDAYS)).min(1, "needs at least one working day"),
    opens: clock,
    closes: clock,
    timeZone,
    responseHours: z.number().int().min(1, "at least 1 business hour").max(40, "at most 40 business hours"),
    dayOverrides: optional(
      z.array(
        z.object({
          _key: z.string().optional(),
          date: z.iso.date("must be a date (YYYY-MM-DD)"),
          open: z.boolean().nullish().transform(Boolean),
        }),
      ),
    ).transform((days) => days ?? []),
    bookingUrl: optional(httpsUrl),
    whatsappNumber: optional(z.string().regex(/^\+[1-9]\d{7,14}$/, "must be a number like +5215512345678")),
    whatsappBefore: text,
    whatsappBeforeLabel: short("submit"),
    whatsappAmount: template("whatsappAmount"),
    whatsappAfter: template("whatsappAfter"),
    contactToday: template("contactToday"),
    contactTomorrow: template("contactTomorrow"),
    contactLater: template("contactLater"),
    referenceLabel: text,
    contactTimeLabel: text,
    bookingLabel: short("submit"),
    whatsappLabel: short("submit"),
    newTabLabel: text,
    emailSubject: template("emailSubject"),
    emailTitle: text,
    emailIntro: text,
    emailSummaryTitle: text,
    emailContactTime: template("emailContactTime"),
    emailOtherWays: text,
    emailPrivacyLabel: text,
    emailFooter: template("emailFooter"),
  })
  .refine((f) => minutesOf(f.closes) > minutesOf(f.opens), {
    path: ["closes"],
    message: "must be later than the opening time",
  });

export type FollowUpContent = z.infer<typeof followUpSchema>;
