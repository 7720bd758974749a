import { z } from "zod";
import { optionalText, short, text } from "../../lib/content/content-fields";

/** "How it works": three or four numbered steps, from the first contact to the first payment. */
export const howItWorksSection = z.object({
  _type: z.literal("howItWorksSection"),
  _key: z.string(),
  title: short("sectionTitle"),
  intro: optionalText,
  steps: z
    .array(z.object({ _key: z.string(), title: short("cardTitle"), body: text }))
    .min(3, "needs three or four steps")
    .max(4, "needs three or four steps"),
});
export type HowItWorksSection = z.infer<typeof howItWorksSection>;
