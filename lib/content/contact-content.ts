import { stegaClean } from "@sanity/client/stega";
import { z } from "zod";
import { formMessageRules, FORM_MESSAGE_KEYS, type FormMessages } from "./contact-messages";
import { short, text } from "./content-fields";
import { COPY_LIMITS, limitMessage } from "./copy-limits";
import { volumeOptionLabels } from "./volume-labels";
import {
  FORM_FIELD_NAMES,
  LEAD_FIELDS,
  type FormFieldName,
  type PrefixName,
  type SelectName,
} from "../leads/lead-fields";
import { COUNTRIES, PHONE_PREFIXES, REASONS, VOLUMES } from "../leads/options";
import type { MarketCurrency } from "../markets/markets";

/**
 * The contact form's part of a page: what the query reads, what the site requires, and the copy the form receives.
 * Any page document with a contact form embeds it as it is.
 */

/**
 * What a query reads of the form's content, inside `contact{ ... }`. A literal, so TypeGen types it: the messages'
 * keys are spelled out here and held to FORM_MESSAGES by a unit test, the fields and option lists to the fields'
 * declaration (lib/leads/lead-fields.ts) by another.
 */
export const CONTACT_PROJECTION = `
    title,
    intro,
    fields{
      company{ label, placeholder },
      contact{ label, placeholder },
      email{ label, placeholder },
      phonePrefix{ label },
      phone{ label, placeholder },
      country{ label, placeholder },
      reason{ label, placeholder },
      volume{ label, placeholder }
    },
    phonePrefixOptions[]{ value, label },
    countryOptions[]{ value, label },
    reasonOptions[]{ value, label },
    volumeOptions[]{ value, label, "approx": coalesce(approx, null) },
    approxUpTo,
    approxOver,
    missingAll,
    missingHint,
    emailInvalid,
    phoneInvalid,
    phoneOtherCountry,
    phoneUsePrefix,
    phoneNotOffered,
    invalidField,
    submit,
    submitting,
    submittingLabel,
    successTitle,
    successMessage,
    successNext,
    errorTitle,
    errorMessage,
    errorInvalid,
    errorRateLimited,
    toasterLabel
  `;

/** Exactly the code's values, each once; returned in the code's order. */
function exactlyOnce<T extends { value: string }>(values: readonly string[]) {
  return (items: T[], ctx: z.RefinementCtx) => {
    for (const value of values) {
      const count = items.filter((i) => i.value === value).length;
      if (count !== 1)
        ctx.addIssue({
          code: "custom",
          message: count === 0 ? `missing a label for "${value}"` : `"${value}" appears ${count} times`,
        });
    }
  };
}
const inCodeOrder =
  (values: readonly string[]) =>
  <T extends { value: string }>(items: T[]): T[] =>
    values.map((v) => items.find((i) => i.value === v)!);

function optionList<const V extends readonly [string, ...string[]]>(values: V) {
  return z
    .array(z.object({ value: z.enum(values), label: short("optionLabel") }))
    .superRefine(exactlyOnce(values))
    .transform(inCodeOrder(values));
}

const field = z.object({ label: short("fieldLabel"), placeholder: short("placeholder") });
const labelOnly = z.object({ label: short("fieldLabel") });
/** Each form field's label, and the hint inside it unless it starts on a value (the phone's country code). */
const fields = z.object(
  Object.fromEntries(
    FORM_FIELD_NAMES.map((name) => [name, LEAD_FIELDS[name].kind === "prefix" ? labelOnly : field]),
  ) as {
    [K in FormFieldName]: K extends PrefixName ? typeof labelOnly : typeof field;
  },
);
const amountTemplate = text.includes("{amount}", { message: "must contain {amount}" });

export const contactSchema = z.object({
  title: short("sectionTitle"),
  intro: text,
  fields,
  phonePrefixOptions: optionList(PHONE_PREFIXES),
  countryOptions: optionList(COUNTRIES),
  reasonOptions: optionList(REASONS),
  volumeOptions: z
    .array(z.object({ value: z.enum(VOLUMES), label: short("optionLabel"), approx: z.number().positive().nullable() }))
    .superRefine(exactlyOnce(VOLUMES))
    .superRefine((items, ctx) => {
      // Only the first and the last range carry a local-currency equivalent. Checked in the document's order, so
      // each problem points at the item a marketer sees.
      items.forEach((item, i) => {
        const edge = item.value === VOLUMES[0] || item.value === VOLUMES[VOLUMES.length - 1];
        if (edge && item.approx == null)
          ctx.addIssue({ code: "custom", path: [i, "approx"], message: `"${item.value}" needs its local equivalent` });
        if (!edge && item.approx != null)
          ctx.addIssue({ code: "custom", path: [i, "approx"], message: `"${item.value}" carries no local equivalent` });
      });
    })
    .transform(inCodeOrder(VOLUMES)),
  approxUpTo: amountTemplate,
  approxOver: amountTemplate,
  ...formMessageRules,
});
export type ContactContent = z.infer<typeof contactSchema>;

/**
 * A range with its local equivalent is one option of the list: it too must fit a phone's picker. It takes the page's
 * locale and currency, so a page's contract runs it on the whole document.
 */
export function volumeLabelsFit(
  doc: { contact: ContactContent; locale: string; currency: MarketCurrency },
  ctx: z.RefinementCtx,
): void {
  for (const { value, label } of volumeOptionLabels(doc.contact, doc.locale, doc.currency)) {
    const length = stegaClean(label).length;
    if (length > COPY_LIMITS.optionLabel.max)
      ctx.addIssue({
        code: "custom",
        path: ["contact", "volumeOptions"],
        message: `"${value}" with its equivalent is ${length} characters: ${limitMessage("optionLabel", "max")}`,
      });
  }
}

export type Option = { value: string; label: string };

/** The content the form shows: labels and messages straight from content, options already labelled. */
export type ContactFormCopy = FormMessages & {
  fields: ContactContent["fields"];
  options: Record<SelectName, Option[]>;
};

/** The plain strings the form (a client component) receives: only what it shows. */
export function contactFormCopy(contact: ContactContent, locale: string, currency: MarketCurrency): ContactFormCopy {
  return {
    fields: contact.fields,
    options: {
      phonePrefix: contact.phonePrefixOptions,
      country: contact.countryOptions,
      reason: contact.reasonOptions,
      volume: volumeOptionLabels(contact, locale, currency),
    },
    ...(Object.fromEntries(FORM_MESSAGE_KEYS.map((key) => [key, contact[key]])) as FormMessages),
  };
}
