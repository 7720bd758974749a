import { callToActionSection } from "./call-to-action";
import { faqSection } from "./faq";
import { howItWorksSection } from "./how-it-works";
import { proofSection } from "./proof";
import { regulationSection } from "./regulation";

/** The section types marketers arrange between the benefits and the contact form (lib/content/sections/ holds their contracts). */
export const sectionTypes = [howItWorksSection, proofSection, regulationSection, faqSection, callToActionSection];
