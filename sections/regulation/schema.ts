import { defineArrayMember, defineField, defineType } from "sanity";
import {
  flagged,
  optionalParagraphField,
  paragraphField,
  sectionPreview,
  textField,
  toConfirmField,
} from "../../schemas/fields";

const point = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    description,
    type: "object",
    fields: [
      textField("title", "Title", "A few words.", "cardTitle"),
      paragraphField("body", "Text", "Two or three sentences a finance manager can check."),
    ],
    validation: (r) => r.required(),
  });

export const regulationSection = defineType({
  name: "regulationSection",
  title: "Regulation and safety",
  type: "object",
  description: "The legal entity and tax id shown here come from the document's Company facts.",
  fields: [
    textField("title", "Title", "Heading of the section.", "sectionTitle"),
    optionalParagraphField("intro", "Intro", "Optional line under the heading."),
    textField("entityLabel", "Legal entity label", "Before the legal name, e.g. “Razón social”.", "fieldLabel"),
    defineField({
      name: "licences",
      title: "Licences and registrations",
      description: "Each with the regulator's name, its number and the public register where anyone can check it.",
      type: "array",
      of: [
        defineArrayMember({
          name: "licence",
          title: "Licence or registration",
          type: "object",
          fields: [
            textField(
              "regulator",
              "Regulator",
              "Its full name and acronym, e.g. “Comisión Nacional Bancaria y de Valores (CNBV)”.",
            ),
            textField("kind", "What it authorises", "e.g. “Institución de Fondos de Pago Electrónico autorizada”."),
            textField("number", "Number", "As the register shows it."),
            defineField({
              name: "registerUrl",
              title: "Public register",
              description: "The https:// address of the regulator's public register.",
              type: "url",
              validation: (r) => r.required().uri({ scheme: ["https"] }),
            }),
            textField("registerLabel", "Register link text", "e.g. “Consultar en el padrón de la CNBV”.", "heroCta"),
            toConfirmField(),
          ],
          preview: {
            select: { title: "regulator", number: "number", toConfirm: "toConfirm" },
            prepare: ({ title, number, toConfirm }: { title?: string; number?: string; toConfirm?: boolean }) => ({
              title,
              subtitle: flagged(number, toConfirm),
            }),
          },
        }),
      ],
      validation: (r) => r.required().min(1),
    }),
    point("funds", "Client funds", "How client money is safeguarded (segregated accounts, at which banks)."),
    point("compliance", "KYC and AML", "How clients are identified and transactions monitored."),
    point("dataSecurity", "Data security", "How data is protected (encryption, certifications, audits)."),
    toConfirmField(),
  ],
  preview: sectionPreview("Regulation and safety"),
});
