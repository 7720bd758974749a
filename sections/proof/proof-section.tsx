import type { ProofSection as Section } from "./contract";
import { ContentImage } from "../content-image";
import { SectionShell, type Tone } from "../section-shell";

/** Initials for a testimonial without a photo. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0])
    .join("");

export function ProofSection({
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
      {section.figures.length > 0 ? (
        <ul className="mt-10 grid gap-6 sm:grid-cols-3">
          {section.figures.map((figure) => (
            <li key={figure._key} className="border-l-4 border-accent pl-4">
              <p className="text-4xl font-extrabold tracking-tight text-ink tabular-nums">{figure.value}</p>
              <p className="mt-1 font-medium text-ink">{figure.label}</p>
              <p className="mt-2 text-xs leading-relaxed text-muted">{figure.note}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {section.logos.length > 0 ? (
        <div className="mt-14">
          <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">{section.logosTitle}</h3>
          <ul className="mt-6 grid grid-cols-2 items-center gap-x-8 gap-y-6 sm:grid-cols-4">
            {section.logos.map((logo) => (
              <li key={logo._key} className="flex justify-center sm:justify-start">
                <ContentImage image={logo} height={40} className="h-10 w-auto max-w-full" />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {section.testimonials.length > 0 ? (
        <ul className="mt-14 grid gap-6 md:grid-cols-2">
          {section.testimonials.map((t) => (
            <li key={t._key}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <blockquote className="flex-1 text-lg text-ink">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  {t.photo ? (
                    <ContentImage
                      image={t.photo}
                      width={48}
                      height={48}
                      crop
                      className="h-12 w-12 rounded-full object-cover"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
                    >
                      {initials(t.name)}
                    </span>
                  )}
                  <span className="text-sm">
                    <span className="block font-semibold text-ink">{t.name}</span>
                    <span className="block text-muted">
                      {t.role}, {t.company}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      ) : null}
    </SectionShell>
  );
}
