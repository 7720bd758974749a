import type { FaqSection as Section } from "./contract";
import { RichText } from "@/app/_components/rich-text";
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
          <details key={item._key} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-lg font-semibold text-ink [&::-webkit-details-marker]:hidden">
              {item.question}
              <svg
                width="20"
                height="20"
                viewBox="0 0 20 20"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
                focusable="false"
                className="shrink-0 text-brand-700 transition-transform group-open:rotate-180"
              >
                <path d="m5 8 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </summary>
            <RichText value={item.answer} className="space-y-3 pb-5 text-muted" />
          </details>
        ))}
      </div>
    </SectionShell>
  );
}
