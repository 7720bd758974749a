import type { HowItWorksSection as Section } from "./contract";
import { SectionShell, type Tone } from "../section-shell";

export function HowItWorksSection({
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
    <SectionShell id={id} title={section.title} intro={section.intro} tone={tone} className={className}>
      <ol
        className={`mt-10 grid gap-8 sm:grid-cols-2 ${section.steps.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}
      >
        {section.steps.map((step, index) => (
          <li key={step._key} className="step">
            {/* The list numbers the steps for assistive technology; this is the visible number. */}
            <span aria-hidden="true" className="step-number">
              {index + 1}
            </span>
            <div>
              <h3>{step.title}</h3>
              <p>{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
    </SectionShell>
  );
}
