import type { LandingContent } from "@/lib/content/landing-content";
import { BenefitIcon } from "./benefit-icon";
import { RichText } from "./rich-text";

export function BenefitsSection({ benefits }: { benefits: LandingContent["benefits"] }) {
  return (
    <section aria-labelledby="benefits-title" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id="benefits-title" className="text-3xl font-bold tracking-tight text-ink">
          {benefits.title}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {benefits.cards.map((card) => (
            <li key={card._key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                <BenefitIcon name={card.icon} />
              </span>
              {card.claim ? <p className="mt-5 text-3xl font-extrabold text-accent">{card.claim}</p> : null}
              <h3 className="mt-4 text-xl font-semibold text-ink">{card.title}</h3>
              <RichText value={card.body} className="mt-2 space-y-2 text-muted" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
