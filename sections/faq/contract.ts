import { z } from "zod";
import { portableText, short, text } from "../../lib/content/content-fields";

/** Questions a finance manager asks before sending money, each answered in a few paragraphs. */
export const faqSection = z.object({
  _type: z.literal("faqSection"),
  _key: z.string(),
  title: short("sectionTitle"),
  items: z
    .array(z.object({ _key: z.string(), question: text, answer: portableText }))
    .min(1, "needs at least one question"),
});
export type FaqSection = z.infer<typeof faqSection>;
