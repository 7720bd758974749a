import type { ReactNode } from "react";
import type { LandingContent } from "@/lib/content/landing-content";
import type { Section, SectionType } from "@/lib/content/sections";
import { CallToActionSection } from "./call-to-action-section";
import { FaqSection } from "./faq-section";
import { HowItWorksSection } from "./how-it-works-section";
import { ProofSection } from "./proof-section";
import { RegulationSection } from "./regulation-section";
import type { Tone } from "./section-shell";

type Render<T extends SectionType> = (props: {
  section: Extract<Section, { _type: T }>;
  id: string;
  tone: Tone;
  className?: string;
  company: LandingContent["company"];
}) => ReactNode;

/** One component per section type, keyed by the section's `_type`. */
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
