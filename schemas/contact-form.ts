import { defineArrayMember, defineField, defineType } from "sanity";
import {
  FORM_FIELD_NAMES,
  LEAD_FIELDS,
  SELECT_NAMES,
  SELECT_OPTIONS,
  type FormFieldName,
  type SelectName,
} from "../lib/leads/lead-fields";
import { FORM_MESSAGE_KEYS, FORM_MESSAGES, type FormMessage } from "../lib/content/contact-messages";
import { textField } from "./fields";
import { optionListField, requireEveryValue } from "./option-list";
import { tab } from "./tab-titles";

const labelled = (name: string, title: string, withPlaceholder: boolean) =>
  defineField({
    name,
    title,
    type: "object",
    fields: [
      textField("label", "Label", "Shown above the field.", "fieldLabel"),
      ...(withPlaceholder
        ? [
            textField(
              "placeholder",
              "Placeholder",
              "Hint inside the empty field (for lists, the first, unselectable entry).",
              "placeholder",
            ),
          ]
        : []),
    ],
    options: { collapsible: true, collapsed: true },
  });

/** What marketers see each form field called: a field declared without its title here does not compile. */
const FIELD_TITLES: Record<FormFieldName, string> = {
  company: "Company name",
  contact: "Contact name",
  email: "Email",
  phonePrefix: "Phone country code",
  phone: "Phone number",
  country: "Destination country",
  reason: "Payment reason",
  volume: "Payment amount range",
};

const VOLUMES = SELECT_OPTIONS.volume;

/** Each select's labels, one per value the code offers: a select declared without its list here does not compile. */
const OPTION_LISTS: Record<SelectName, ReturnType<typeof defineField>> = {
  phonePrefix: optionListField(
    "phonePrefixOptions",
    "Phone country codes",
    "phonePrefixOption",
    SELECT_OPTIONS.phonePrefix,
    "One label per country code.",
  ),
  country: optionListField(
    "countryOptions",
    "Destination countries",
    "countryOption",
    SELECT_OPTIONS.country,
    "One label per destination country.",
  ),
  reason: optionListField(
    "reasonOptions",
    "Payment reasons",
    "reasonOption",
    SELECT_OPTIONS.reason,
    "One label per payment reason.",
  ),
  volume: defineField({
    name: "volumeOptions",
    title: "Amount ranges",
    description: "One entry per range; the first and last carry the local-currency equivalent.",
    type: "array",
    of: [defineArrayMember({ type: "volumeOption" })],
    validation: (rule) =>
      requireEveryValue(VOLUMES)(rule).custom((items?: { value?: string; approx?: number }[]) => {
        // Mirrors the site: only the first and the last range carry a local equivalent.
        const problems = (items ?? []).flatMap((item) => {
          const edge = item.value === VOLUMES[0] || item.value === VOLUMES[VOLUMES.length - 1];
          if (edge && item.approx == null) return [`“${item.value}” needs its local equivalent`];
          if (!edge && item.approx != null) return [`“${item.value}” carries no local equivalent`];
          return [];
        });
        return problems.length > 0 ? problems.join("; ") : true;
      }),
  }),
};

export const contactSection = defineType({
  name: "contactSection",
  title: "Contact form",
  type: "object",
  groups: [
    tab("texts", "texts", { default: true }),
    tab("fields", "fields"),
    tab("options", "options"),
    tab("checks", "checks"),
    tab("messages", "sending"),
  ],
  fields: [
    { ...textField("title", "Title", "Heading next to the form.", "sectionTitle"), group: "texts" },
    { ...textField("intro", "Intro", "Paragraph under the heading."), group: "texts" },
    defineField({
      name: "fields",
      title: "Field labels",
      type: "object",
      group: "fields",
      // The country code starts on the market's default, so it has no placeholder.
      fields: FORM_FIELD_NAMES.map((name) => labelled(name, FIELD_TITLES[name], LEAD_FIELDS[name].kind !== "prefix")),
      validation: (r) => r.required(),
    }),
    ...SELECT_NAMES.map((name) => ({ ...OPTION_LISTS[name], group: "options" })),
    {
      ...textField(
        "approxUpTo",
        "“Up to” equivalent",
        "After the first range; {amount} becomes the local amount, e.g. “hasta ≈ {amount}”.",
      ),
      group: "options",
    },
    {
      ...textField(
        "approxOver",
        "“Over” equivalent",
        "After the last range; {amount} becomes the local amount, e.g. “≈ {amount} o más”.",
      ),
      group: "options",
    },
    // The messages, as declared with the site's rules for them; what the site refuses shows through the
    // document-level rule.
    ...FORM_MESSAGE_KEYS.map((name) => {
      const { title, description, group, limit }: FormMessage = FORM_MESSAGES[name];
      return { ...textField(name, title, description, limit), group };
    }),
  ],
});
