import { z } from "zod";
import { short, text } from "../../lib/content/content-fields";

/** A second call to action further down the page, leading to the contact form. */
export const callToActionSection = z.object({
  _type: z.literal("callToActionSection"),
  _key: z.string(),
  title: short("sectionTitle"),
  body: text,
  cta: short("heroCta"),
});
export type CallToActionSection = z.infer<typeof callToActionSection>;
