import type { FaqSection as Section } from "./contract";
import { RichText } from "../rich-text";
import { SectionShell, type Tone } from "../section-shell";

/** Native disclosure widgets: each answer opens with or without JavaScript, by keyboard too. */
export function FaqSection({
  section,
  id,
  tone,
  className,
}: {
  section: Section;
  id: string;
  tone: Tone;
  className?: string;
}) {
  return (
    <SectionShell id={id} title={section.title} tone={tone} className={className}>
      <div className="mt-8 max-w-3xl divide-y divide-slate-200 border-y border-slate-200">
        {section.items.map((item) => (
          <details key={item._key}>
            {/* The chevron is the class's (app/globals.css): drawn once in the stylesheet, not in every question. */}
            <summary className="faq-question">{item.question}</summary>
            <RichText value={item.answer} className="faq-answer" />
          </details>
        ))}
      </div>
    </SectionShell>
  );
}
