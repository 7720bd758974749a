import { z } from "zod";
import { callToActionSection } from "./call-to-action";
import { faqSection } from "./faq";
import { howItWorksSection } from "./how-it-works";
import { proofSection } from "./proof";
import { regulationSection } from "./regulation";

/** Every section type marketers can place between the benefits and the contact form, told apart by `_type`. */
export const sectionSchema = z.discriminatedUnion("_type", [
  howItWorksSection,
  proofSection,
  regulationSection,
  faqSection,
  callToActionSection,
]);
export type Section = z.infer<typeof sectionSchema>;
export type SectionType = Section["_type"];
