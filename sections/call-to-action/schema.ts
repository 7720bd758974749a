import { defineType } from "sanity";
import { paragraph, sectionPreview, text } from "../../schemas/fields";

export const callToActionSection = defineType({
  name: "callToActionSection",
  title: "Call to action",
  type: "object",
  description: "A band with a button that leads to the contact form.",
  fields: [
    text("title", "Title", "A short invitation.", "sectionTitle"),
    paragraph("body", "Text", "One or two sentences."),
    text("cta", "Button", "Leads to the contact form.", "heroCta"),
  ],
  preview: sectionPreview("Call to action"),
});
