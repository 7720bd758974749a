import { defineField, defineType } from "sanity";
import { SELECT_OPTIONS } from "../lib/leads/lead-fields";
import { textField } from "./fields";

/** One option of a select: the value picked from the code's list, the label written by marketers. */
function optionType(name: string, title: string, values: readonly string[]) {
  return defineType({
    name,
    title,
    type: "object",
    fields: [
      defineField({
        name: "value",
        title: "Value",
        type: "string",
        description: "Sent with the form; fixed by the site.",
        options: { list: [...values] },
        validation: (r) => r.required(),
      }),
      textField("label", "Label", "What visitors see in the list.", "optionLabel"),
    ],
    preview: { select: { title: "label", subtitle: "value" } },
  });
}

export const phonePrefixOption = optionType("phonePrefixOption", "Country code", SELECT_OPTIONS.phonePrefix);
export const countryOption = optionType("countryOption", "Destination country", SELECT_OPTIONS.country);
export const reasonOption = optionType("reasonOption", "Payment reason", SELECT_OPTIONS.reason);

export const volumeOption = defineType({
  name: "volumeOption",
  title: "Amount range",
  type: "object",
  fields: [
    defineField({
      name: "value",
      title: "Value",
      type: "string",
      options: { list: [...SELECT_OPTIONS.volume] },
      validation: (r) => r.required(),
    }),
    textField(
      "label",
      "Label (USD range)",
      "The range in US dollars as visitors read it, in the market's format, e.g. “Menos de USD 5,000” or “US$ 5.000 – US$ 9.999”.",
      "optionLabel",
    ),
    defineField({
      name: "approx",
      title: "Approximate local-currency equivalent",
      description:
        "Shown after the first and the last range, formatted in the market's currency (leave empty for the others).",
      type: "number",
      validation: (r) => r.positive(),
    }),
  ],
  preview: { select: { title: "label", subtitle: "value" } },
});
