import { callToActionSection } from "../sections/call-to-action/schema";
import { faqSection } from "../sections/faq/schema";
import { howItWorksSection } from "../sections/how-it-works/schema";
import { proofSection } from "../sections/proof/schema";
import { regulationSection } from "../sections/regulation/schema";
import { SECTION_TYPES, type SectionType } from "../sections/section-types";

/** Each section type's Studio schema, under its name: a type of sections/section-types.ts left out does not compile. */
const SCHEMAS: { [T in SectionType]: { name: T; type: "object" } } = {
  howItWorksSection,
  proofSection,
  regulationSection,
  faqSection,
  callToActionSection,
};

/** The section types marketers arrange between the benefits and the contact form, in the list's order. */
export const sectionTypes = SECTION_TYPES.map((type) => SCHEMAS[type]);
