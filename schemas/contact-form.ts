import { defineArrayMember, defineField, defineType } from "sanity";
import { COUNTRIES, PHONE_PREFIXES, REASONS, VOLUMES } from "../lib/leads/options";
import { FORM_MESSAGE_KEYS, FORM_MESSAGES, type FormMessage } from "../lib/content/contact-messages";
import { text } from "./fields";
import { optionListField, requireEveryValue } from "./option-list";
import { tab } from "./tab-titles";

const labelled = (name: string, title: string, withPlaceholder: boolean) =>
  defineField({
    name,
    title,
    type: "object",
    fields: [
      text("label", "Label", "Shown above the field.", "fieldLabel"),
      ...(withPlaceholder
        ? [
            text(
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
    { ...text("title", "Title", "Heading next to the form.", "sectionTitle"), group: "texts" },
    { ...text("intro", "Intro", "Paragraph under the heading."), group: "texts" },
    defineField({
      name: "fields",
      title: "Field labels",
      type: "object",
      group: "fields",
      fields: [
        labelled("company", "Company name", true),
        labelled("contact", "Contact name", true),
        labelled("email", "Email", true),
        labelled("phonePrefix", "Phone country code", false),
        labelled("phone", "Phone number", true),
        labelled("country", "Destination country", true),
        labelled("reason", "Payment reason", true),
        labelled("volume", "Payment amount range", true),
      ],
      validation: (r) => r.required(),
    }),
    {
      ...optionListField(
        "phonePrefixOptions",
        "Phone country codes",
        "phonePrefixOption",
        PHONE_PREFIXES,
        "One label per country code.",
      ),
      group: "options",
    },
    {
      ...optionListField(
        "countryOptions",
        "Destination countries",
        "countryOption",
        COUNTRIES,
        "One label per destination country.",
      ),
      group: "options",
    },
    {
      ...optionListField("reasonOptions", "Payment reasons", "reasonOption", REASONS, "One label per payment reason."),
      group: "options",
    },
    defineField({
      name: "volumeOptions",
      title: "Amount ranges",
      description: "One entry per range; the first and last carry the local-currency equivalent.",
      type: "array",
      group: "options",
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
    {
      ...text(
        "approxUpTo",
        "“Up to” equivalent",
        "After the first range; {amount} becomes the local amount, e.g. “hasta ≈ {amount}”.",
      ),
      group: "options",
    },
    {
      ...text(
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
      return { ...text(name, title, description, limit), group };
    }),
  ],
});
