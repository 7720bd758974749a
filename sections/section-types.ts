import { z } from "zod";
import { callToActionSection } from "./call-to-action/contract";
import { CALL_TO_ACTION_PROJECTION } from "./call-to-action/projection";
import { faqSection } from "./faq/contract";
import { FAQ_PROJECTION } from "./faq/projection";
import { howItWorksSection } from "./how-it-works/contract";
import { HOW_IT_WORKS_PROJECTION } from "./how-it-works/projection";
import { proofSection } from "./proof/contract";
import { PROOF_PROJECTION } from "./proof/projection";
import { regulationSection } from "./regulation/contract";
import { REGULATION_PROJECTION } from "./regulation/projection";

/**
 * The section types marketers arrange between the benefits and the contact form, in the order the Studio offers
 * them. Each lives in its own folder (schema, projection, contract, component, test). The page's contract and query
 * come from this list; the Studio's schema types (schemas/sections.ts) and the components
 * (app/_components/sections/page-sections.tsx) are maps typed by `SectionType`, so a type left out of either does not
 * compile. The Studio reads this file: it imports no component.
 */
const SECTIONS = [howItWorksSection, proofSection, regulationSection, faqSection, callToActionSection] as const;

/** Every section, told apart by `_type`. */
export const sectionSchema = z.discriminatedUnion("_type", SECTIONS);
export type Section = z.infer<typeof sectionSchema>;
export type SectionType = Section["_type"];

export const SECTION_TYPES: readonly SectionType[] = SECTIONS.map((section) => section.shape._type.value);

/**
 * Every type's projection, for the landing query's `sections[]{ ... }`. A template of literals, which TypeGen
 * resolves (it cannot evaluate code, so this is not built from the list above; a unit test checks they agree).
 */
export const SECTION_PROJECTIONS = `${HOW_IT_WORKS_PROJECTION}, ${PROOF_PROJECTION}, ${REGULATION_PROJECTION}, ${FAQ_PROJECTION}, ${CALL_TO_ACTION_PROJECTION}`;
