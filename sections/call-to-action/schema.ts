import { defineType } from "sanity";
import { paragraphField, sectionPreview, textField } from "../../schemas/fields";

export const callToActionSection = defineType({
  name: "callToActionSection",
  title: "Call to action",
  type: "object",
  description: "A band with a button that leads to the contact form.",
  fields: [
    textField("title", "Title", "A short invitation.", "sectionTitle"),
    paragraphField("body", "Text", "One or two sentences."),
    textField("cta", "Button", "Leads to the contact form.", "heroCta"),
  ],
  preview: sectionPreview("Call to action"),
});
