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
            <li key={figure._key} className="figure">
              <p className="figure-value">{figure.value}</p>
              <p className="figure-label">{figure.label}</p>
              <p className="figure-note">{figure.note}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {section.logos.length > 0 ? (
        <div className="mt-14">
          <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">{section.logosTitle}</h3>
          <ul className="logo-grid">
            {section.logos.map((logo) => (
              <li key={logo._key}>
                <ContentImage image={logo} height={40} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {section.testimonials.length > 0 ? (
        <ul className="mt-14 grid gap-6 md:grid-cols-2">
          {section.testimonials.map((t) => (
            <li key={t._key}>
              <figure className="testimonial">
                <blockquote>
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption>
                  {t.photo ? (
                    <ContentImage
                      image={t.photo}
                      width={48}
                      height={48}
                      crop
                      className="h-12 w-12 rounded-full object-cover"
                    />
                  ) : (
                    <span aria-hidden="true" className="avatar">
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
