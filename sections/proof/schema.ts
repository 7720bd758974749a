import { defineArrayMember, defineField, defineType, type PreviewValue } from "sanity";
import { COPY_LIMITS, limitMessage } from "../../lib/content/copy-limits";
import {
  flagged,
  optionalParagraphField,
  paragraphField,
  sectionPreview,
  textField,
  toConfirmField,
} from "../../schemas/fields";

const altField = (description: string) =>
  defineField({ name: "alt", title: "Alternative text", description, type: "string", validation: (r) => r.required() });

export const proofSection = defineType({
  name: "proofSection",
  title: "Proof",
  type: "object",
  fields: [
    textField("title", "Title", "Heading of the section.", "sectionTitle"),
    optionalParagraphField("intro", "Intro", "Optional line under the heading."),
    defineField({
      name: "figures",
      title: "Figures",
      description: "Up to four, in one row. Each says where it comes from in its footnote.",
      type: "array",
      of: [
        defineArrayMember({
          name: "figure",
          title: "Figure",
          type: "object",
          fields: [
            defineField({
              name: "value",
              title: "Value",
              description: "The number as visitors read it, e.g. “+1.200” or “USD 480 M”.",
              type: "string",
              validation: (r) => [
                r.required(),
                r.max(COPY_LIMITS.figureValue.warn).warning(limitMessage("figureValue", "warn")),
              ],
            }),
            textField("label", "Label", "What the number counts."),
            paragraphField(
              "note",
              "Footnote",
              "Where the figure comes from and its date, e.g. “Pagos procesados de enero a octubre de 2025.”",
            ),
            toConfirmField(),
          ],
          preview: {
            select: { value: "value", label: "label", toConfirm: "toConfirm" },
            prepare: ({ value, label, toConfirm }: { value?: string; label?: string; toConfirm?: boolean }) => ({
              title: value,
              subtitle: flagged(label, toConfirm),
            }),
          },
        }),
      ],
      validation: (r) => r.max(4),
    }),
    textField(
      "logosTitle",
      "Logos heading",
      "The line above the logos, e.g. “Empresas que ya pagan con Puente Pagos”. Needed when there are logos.",
    ),
    defineField({
      name: "logos",
      title: "Client logos",
      description:
        "Up to eight, shown at one height. SVG or a PNG at least 320 px wide; only with the client's permission.",
      type: "array",
      of: [
        defineArrayMember({
          name: "logo",
          title: "Logo",
          type: "image",
          fields: [altField("The company's name, as its logo reads."), toConfirmField()],
          preview: {
            select: { title: "alt", media: "asset", toConfirm: "toConfirm" },
            prepare: ({
              title,
              media,
              toConfirm,
            }: {
              title?: string;
              media?: PreviewValue["media"];
              toConfirm?: boolean;
            }) => ({ title, media, subtitle: flagged("Logo", toConfirm) }),
          },
        }),
      ],
      validation: (r) => r.max(8),
    }),
    defineField({
      name: "testimonials",
      title: "Testimonials",
      description: "Up to three, each from a real client who agreed to be quoted.",
      type: "array",
      of: [
        defineArrayMember({
          name: "testimonial",
          title: "Testimonial",
          type: "object",
          fields: [
            paragraphField("quote", "Quote", "In the client's words, without quotation marks (the page adds them)."),
            textField("name", "Name", "Who said it."),
            textField("role", "Role", "Their position, e.g. “Directora de Finanzas”."),
            textField("company", "Company", "Their company."),
            defineField({
              name: "photo",
              title: "Photo",
              description: "Optional portrait, shown small and round; set the hotspot on the face.",
              type: "image",
              options: { hotspot: true },
              fields: [altField("Who it shows, e.g. “Retrato de Ana Pérez”.")],
            }),
            toConfirmField(),
          ],
          preview: {
            select: { name: "name", company: "company", media: "photo", toConfirm: "toConfirm" },
            prepare: ({
              name,
              company,
              media,
              toConfirm,
            }: {
              name?: string;
              company?: string;
              media?: PreviewValue["media"];
              toConfirm?: boolean;
            }) => ({ title: name, media, subtitle: flagged(company, toConfirm) }),
          },
        }),
      ],
      validation: (r) => r.max(3),
    }),
  ],
  preview: sectionPreview("Proof: figures, logos, testimonials"),
});
