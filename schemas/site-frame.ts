import { defineField, defineType } from "sanity";
import { paragraphField, textField } from "./fields";

/** What frames a market's page: its header, its footer, and the screen shown when the page fails. */

export const siteHeader = defineType({
  name: "siteHeader",
  title: "Header",
  type: "object",
  fields: [
    textField(
      "flagLabel",
      "Flag button label",
      "Read by screen readers for the flag button; name the country it switches to, e.g. “Cambiar a Brasil (português)”.",
    ),
    textField(
      "contactButton",
      "Contact button",
      "The button at the top right that scrolls to the form.",
      "contactButton",
    ),
  ],
});

export const siteFooter = defineType({
  name: "siteFooter",
  title: "Footer",
  type: "object",
  fields: [
    textField("tagline", "Tagline", "The line at the bottom of the page."),
    defineField({
      name: "copyrightYear",
      title: "Copyright year",
      type: "number",
      validation: (r) => r.required().integer().min(2000),
    }),
    textField("rights", "Rights notice", "After “© year brand.”, e.g. “Todos los derechos reservados.”"),
    paragraphField(
      "disclosure",
      "Regulatory disclosure",
      "One line under the legal details: who the entity is regulated by and under what licence.",
    ),
  ],
});

export const errorPage = defineType({
  name: "errorPage",
  title: "Error screen",
  description:
    "Shown under the title “Unexpected Application Error!” (which stays as the spec writes it) when this market's page fails.",
  type: "object",
  fields: [
    textField(
      "message",
      "Message",
      "What happened and what to do, e.g. “Algo salió mal al mostrar esta página. Inténtalo de nuevo en un momento.”",
    ),
    textField("homeLink", "Home link", "The link back to this market's home page.", "heroCta"),
  ],
});
