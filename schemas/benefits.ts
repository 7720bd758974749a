import { defineArrayMember, defineField, defineType } from "sanity";
import { BENEFIT_ICONS } from "../lib/content/benefit-icons";
import { COPY_LIMITS, limitMessage } from "../lib/content/copy-limits";
import { portableTextField, textField } from "./fields";

export const benefitCard = defineType({
  name: "benefitCard",
  title: "Benefit card",
  type: "object",
  fields: [
    defineField({
      name: "icon",
      title: "Icon",
      type: "string",
      options: { list: [...BENEFIT_ICONS], layout: "radio" },
      validation: (r) => r.required(),
    }),
    textField("title", "Title", "The card's heading.", "cardTitle"),
    defineField({
      name: "claim",
      title: "Claim",
      description: "The big figure above the title, e.g. “Hasta 70%”: every card has one, so the three line up.",
      type: "string",
      validation: (r) => [r.required(), r.max(COPY_LIMITS.cardClaim.warn).warning(limitMessage("cardClaim", "warn"))],
    }),
    defineField({
      name: "claimNote",
      title: "Claim footnote",
      description:
        "What the claim compares, exactly, and on what example (e.g. fees alone, without the exchange rate). Shown under the cards, with a marker on the claim.",
      type: "text",
      rows: 3,
    }),
    portableTextField("body", "Body", "The card's text."),
  ],
  preview: { select: { title: "title", subtitle: "icon" } },
});

export const benefits = defineType({
  name: "benefits",
  title: "Benefits",
  type: "object",
  fields: [
    textField("title", "Title", "Heading of the benefits section.", "sectionTitle"),
    defineField({
      name: "cards",
      title: "Cards",
      description: "Exactly three cards, shown side by side.",
      type: "array",
      of: [defineArrayMember({ type: "benefitCard" })],
      validation: (r) => r.required().length(3),
    }),
  ],
});
