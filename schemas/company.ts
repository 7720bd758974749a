import { defineField, defineType } from "sanity";
import { textField, toConfirmField } from "./fields";

export const company = defineType({
  name: "company",
  title: "Company facts",
  description:
    "The legal entity behind this market's site: in the footer, the regulation section and what search engines read.",
  type: "object",
  fields: [
    textField("legalName", "Legal name", "As registered, e.g. “Puente Pagos México, S.A.P.I. de C.V.”."),
    textField("taxIdLabel", "Tax id name", "“RFC”, “CNPJ” or “CUIT”."),
    textField("taxId", "Tax id", "As registered."),
    defineField({
      name: "address",
      title: "Registered address",
      type: "object",
      fields: [
        textField(
          "streetAddress",
          "Street and number",
          "With floor or suite, and the neighbourhood where it is part of the address.",
        ),
        textField("postalCode", "Postal code", "C.P., CEP or CPA."),
        textField("addressLocality", "City", "e.g. “Ciudad de México”, “São Paulo”, “Buenos Aires”."),
        textField("addressRegion", "State or province", "e.g. “CDMX”, “SP”, “CABA”."),
      ],
      validation: (r) => r.required(),
    }),
    defineField({
      name: "email",
      title: "Contact email",
      description: "Where companies write to sales; search engines show it too.",
      type: "string",
      validation: (r) => r.required().email(),
    }),
    toConfirmField(),
  ],
});
