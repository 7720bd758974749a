import { defineArrayMember, defineField, defineType } from "sanity";
import { optionalParagraphField, paragraphField, sectionPreview, textField } from "../../schemas/fields";

export const howItWorksSection = defineType({
  name: "howItWorksSection",
  title: "How it works",
  type: "object",
  fields: [
    textField("title", "Title", "Heading of the section, e.g. “Cómo funciona”.", "sectionTitle"),
    optionalParagraphField("intro", "Intro", "Optional line under the heading."),
    defineField({
      name: "steps",
      title: "Steps",
      description: "Three or four steps, numbered on the page in this order.",
      type: "array",
      of: [
        defineArrayMember({
          name: "step",
          title: "Step",
          type: "object",
          fields: [
            textField("title", "Title", "What happens, in a few words.", "cardTitle"),
            paragraphField("body", "Text", "One or two sentences."),
          ],
          preview: { select: { title: "title", subtitle: "body" } },
        }),
      ],
      validation: (r) => r.required().min(3).max(4),
    }),
  ],
  preview: sectionPreview("How it works"),
});
