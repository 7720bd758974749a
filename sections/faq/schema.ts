import { defineArrayMember, defineField, defineType } from "sanity";
import { portableTextField, sectionPreview, textField } from "../../schemas/fields";

export const faqSection = defineType({
  name: "faqSection",
  title: "FAQ",
  type: "object",
  description: "Also told to search engines as an FAQ page, from the same questions and answers.",
  fields: [
    textField("title", "Title", "Heading of the section, e.g. “Preguntas frecuentes”.", "sectionTitle"),
    defineField({
      name: "items",
      title: "Questions",
      type: "array",
      of: [
        defineArrayMember({
          name: "question",
          title: "Question",
          type: "object",
          fields: [
            textField("question", "Question", "As a visitor would ask it."),
            portableTextField("answer", "Answer", "A short, complete answer."),
          ],
          preview: { select: { title: "question" } },
        }),
      ],
      validation: (r) => r.required().min(1),
    }),
  ],
  preview: sectionPreview("FAQ"),
});
