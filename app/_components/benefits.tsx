import type { LandingContent } from "@/lib/content/landing-content";
import { AFTER_FIRST_SCREEN_ID } from "@/lib/page-scripts/page-elements";
import { BenefitIcon } from "./benefit-icon";
import { Note, NoteMarker } from "./note-marker";
import { RichText } from "@/sections/rich-text";

type Props = { benefits: LandingContent["benefits"]; firstNote: number };

/**
 * Three cards of one structure (icon, figure, title, text) whose rows line up across the row of cards (a subgrid),
 * however long each title runs. A figure with a footnote carries its number; the notes follow the cards.
 */
export function Benefits({ benefits, firstNote }: Props) {
  let next = firstNote;
  const cards = benefits.cards.map((card) => ({ ...card, note: card.claimNote ? next++ : null }));
  return (
    <section aria-labelledby={AFTER_FIRST_SCREEN_ID} className="bg-slate-50">
      <div className="section-frame">
        <h2 id={AFTER_FIRST_SCREEN_ID} className="text-3xl font-bold tracking-tight text-ink">
          {benefits.title}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3 md:grid-rows-[auto_auto_auto_1fr]">
          {cards.map((card) => (
            <li key={card._key} className="benefit-card">
              <span className="icon-tile">
                <BenefitIcon name={card.icon} />
              </span>
              <p className="benefit-claim" aria-describedby={card.note ? `benefit-note-${card._key}` : undefined}>
                {card.claim}
                {card.note ? <NoteMarker n={card.note} /> : null}
              </p>
              <h3>{card.title}</h3>
              <RichText value={card.body} />
            </li>
          ))}
        </ul>
        {cards.some((c) => c.note) ? (
          <div className="mt-8 space-y-2 text-xs leading-relaxed text-muted">
            {cards.map((card) =>
              card.note ? (
                <Note key={card._key} id={`benefit-note-${card._key}`} n={card.note}>
                  {card.claimNote}
                </Note>
              ) : null,
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
}
