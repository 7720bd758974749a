import { defineField, defineType } from "sanity";
import { paragraphField, portableTextField, textField, toConfirmField } from "./fields";

const pricing = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    description,
    type: "object",
    fields: [
      defineField({
        name: "feeUsd",
        title: "Transfer fee (USD)",
        type: "number",
        validation: (r) => r.required().min(0),
      }),
      defineField({
        name: "fxMarginPercent",
        title: "Exchange-rate margin (%)",
        description: "Over the reference rate, e.g. 1.75.",
        type: "number",
        validation: (r) => r.required().min(0).max(100),
      }),
      defineField({
        name: "intermediaryUsd",
        title: "Intermediary bank charges (USD)",
        type: "number",
        validation: (r) => r.required().min(0),
      }),
    ],
    validation: (r) => r.required(),
  });

export const savingsEstimate = defineType({
  name: "savingsEstimate",
  title: "Savings estimate",
  description:
    "The card beside the headline: what a typical bank charges for the visitor's monthly amount, what we charge, and the saving.",
  type: "object",
  fields: [
    textField("title", "Title", "The card's heading, e.g. “Calcula tu ahorro”.", "sectionTitle"),
    textField(
      "amountLabel",
      "Amount label",
      "The amount field's label, e.g. “Monto que envías al mes (USD)”.",
      "fieldLabel",
    ),
    defineField({
      name: "defaultAmount",
      title: "Default amount (USD)",
      description: "Shown before the visitor types, and to visitors without JavaScript.",
      type: "number",
      initialValue: 20000,
      validation: (r) => r.required().integer().positive(),
    }),
    defineField({
      name: "usdRate",
      title: "Reference exchange rate",
      description: "Local currency per US dollar, for the local equivalents; say its source and date in the footnote.",
      type: "number",
      validation: (r) => r.required().positive(),
    }),
    textField(
      "bankLabel",
      "Bank column heading",
      "e.g. “Banco tradicional”. The other column is the brand name.",
      "estimateColumn",
    ),
    textField("feeLabel", "Fee row", "e.g. “Comisión por envío”.", "estimateRow"),
    textField("fxMarginLabel", "Exchange-rate margin row", "e.g. “Margen cambiario”.", "estimateRow"),
    textField("intermediaryLabel", "Intermediary charges row", "e.g. “Bancos intermediarios”.", "estimateRow"),
    textField("totalLabel", "Total row", "e.g. “Costo total”.", "estimateRow"),
    pricing("bank", "A typical bank", "What a typical bank in this market charges."),
    pricing("ours", "Puente Pagos", "What we charge; at the default amount it must be less than the bank."),
    textField("savingLabel", "Saving label", "Above the saving, e.g. “Tu ahorro estimado al mes”."),
    textField(
      "savingShare",
      "Saving share",
      "After the saving; {percent} becomes the share saved, e.g. “{percent} menos que con tu banco”.",
    ),
    paragraphField(
      "note",
      "Footnote",
      "Under the card: the source and date of the bank's figures and of the exchange rate, and what the example assumes.",
    ),
    toConfirmField(),
  ],
});

export const hero = defineType({
  name: "hero",
  title: "Hero",
  type: "object",
  fields: [
    textField("title", "Title", "The big headline at the top of the page.", "heroTitle"),
    textField(
      "highlight",
      "Highlight",
      "The badge above the headline: “up to 2x cheaper than banks”.",
      "heroHighlight",
    ),
    paragraphField(
      "highlightNote",
      "Highlight footnote",
      "What the highlight compares, exactly, and on what example (total cost, with the exchange-rate margin).",
    ),
    portableTextField("body", "Body", "The paragraph under the headline."),
    textField("cta", "Call to action", "The button under the headline that scrolls to the form.", "heroCta"),
    defineField({
      name: "estimate",
      title: "Savings estimate",
      type: "savingsEstimate",
      validation: (r) => r.required(),
    }),
  ],
});
