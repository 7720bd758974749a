import type { LandingContent } from "@/lib/content/landing-content";
import type { RegulationSection as Section } from "./contract";
import { SectionShell, type Tone } from "../section-shell";

const ICONS = {
  funds: "M12 3 4 7v5c0 4.5 3.4 8.4 8 9 4.6-.6 8-4.5 8-9V7l-8-4Zm-3 9 2 2 4-4",
  compliance: "M16 11a4 4 0 1 0-8 0 4 4 0 0 0 8 0Zm-1.5 3.5L19 19M4 20c.8-2.6 2.6-4 5-4.4",
  dataSecurity: "M7 11V8a5 5 0 0 1 10 0v3M6 11h12v9H6zM12 15v2",
} as const;

type Props = { section: Section; id: string; tone: Tone; className?: string; company: LandingContent["company"] };

/**
 * The legal entity and its tax id (from the company facts), each licence with a link to its public register, and how
 * funds, compliance and data are protected.
 */
export function RegulationSection({ section, id, tone, className, company }: Props) {
  return (
    <SectionShell id={id} title={section.title} intro={section.intro} tone={tone} className={className}>
      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <dl>
            <dt className="text-sm font-medium text-muted">{section.entityLabel}</dt>
            <dd className="mt-1 text-lg font-semibold text-ink">{company.legalName}</dd>
            <dt className="mt-3 text-sm font-medium text-muted">{company.taxIdLabel}</dt>
            <dd className="mt-1 font-semibold text-ink tabular-nums">{company.taxId}</dd>
          </dl>
          <ul className="mt-6 space-y-5 border-t border-slate-200 pt-6">
            {section.licences.map((licence) => (
              <li key={licence._key}>
                <p className="font-semibold text-ink">{licence.regulator}</p>
                <p className="mt-1 text-muted">{licence.kind}</p>
                <p className="mt-1 text-sm text-ink tabular-nums">{licence.number}</p>
                <a href={licence.registerUrl} className="register-link">
                  {licence.registerLabel}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <ul className="space-y-6">
          {(["funds", "compliance", "dataSecurity"] as const).map((key) => (
            <li key={key} className="safeguard">
              <span className="icon-tile">
                {/* Drawn by the tile's class (app/globals.css). */}
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d={ICONS[key]} />
                </svg>
              </span>
              <div>
                <h3>{section[key].title}</h3>
                <p>{section[key].body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </SectionShell>
  );
}
