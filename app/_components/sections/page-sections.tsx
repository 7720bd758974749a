import type { ReactNode } from "react";
import type { LandingContent } from "@/lib/content/landing-content";
import { CallToActionSection } from "@/sections/call-to-action/call-to-action-section";
import { FaqSection } from "@/sections/faq/faq-section";
import { HowItWorksSection } from "@/sections/how-it-works/how-it-works-section";
import { ProofSection } from "@/sections/proof/proof-section";
import { RegulationSection } from "@/sections/regulation/regulation-section";
import type { Tone } from "@/sections/section-shell";
import type { Section, SectionType } from "@/sections/section-types";

type Render<T extends SectionType> = (props: {
  section: Extract<Section, { _type: T }>;
  id: string;
  tone: Tone;
  className?: string;
  company: LandingContent["company"];
}) => ReactNode;

/** One component per section type, keyed by the section's `_type` (sections/section-types.ts): none may be missing. */
const SECTIONS: { [T in SectionType]: Render<T> } = {
  howItWorksSection: HowItWorksSection,
  proofSection: ProofSection,
  regulationSection: RegulationSection,
  faqSection: FaqSection,
  callToActionSection: CallToActionSection,
};

/**
 * The sections marketers arranged, in their order. Backgrounds alternate so neighbours stay apart (the call to
 * action is a dark band of its own); a white last section is closed off from the white contact form below it.
 */
export function PageSections({
  sections,
  company,
}: {
  sections: LandingContent["sections"];
  company: LandingContent["company"];
}) {
  return sections.map((section, index) => {
    const Component = SECTIONS[section._type] as Render<typeof section._type>;
    const tone: Tone = index % 2 === 0 ? "white" : "slate";
    const closing = index === sections.length - 1 && tone === "white";
    return (
      <Component
        key={section._key}
        section={section}
        id={`section-${section._key}`}
        tone={tone}
        className={closing ? "border-b border-slate-200" : undefined}
        company={company}
      />
    );
  });
}
