import { z } from "zod";
import { contentImage, optionalText, short, text } from "../../lib/content/content-fields";

/**
 * Proof: figures (each with the footnote that says where it comes from), client logos and testimonials. A section
 * may leave out any of the three, not all of them.
 */
export const proofSection = z
  .object({
    _type: z.literal("proofSection"),
    _key: z.string(),
    title: short("sectionTitle"),
    intro: optionalText,
    figures: z
      .array(z.object({ _key: z.string(), value: short("figureValue"), label: text, note: text }))
      .max(4, "at most four figures fit one row"),
    logosTitle: optionalText,
    logos: z.array(contentImage.and(z.object({ _key: z.string() }))).max(8, "at most eight logos"),
    testimonials: z
      .array(
        z.object({
          _key: z.string(),
          quote: text,
          name: text,
          role: text,
          company: text,
          photo: contentImage.nullable(),
        }),
      )
      .max(3, "at most three testimonials"),
  })
  .superRefine((section, ctx) => {
    if (section.figures.length + section.logos.length + section.testimonials.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["figures"],
        message: "add figures, logos or testimonials: a proof section needs proof",
      });
    }
    if (section.logos.length > 0 && !section.logosTitle) {
      ctx.addIssue({ code: "custom", path: ["logosTitle"], message: "say whose logos these are" });
    }
  });
export type ProofSection = z.infer<typeof proofSection>;
