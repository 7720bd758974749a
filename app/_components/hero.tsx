import type { LandingContent } from "@/lib/content/landing-content";
import type { MarketCurrency } from "@/lib/markets/markets";
import { Note, NoteMarker } from "./note-marker";
import { RichText } from "@/sections/rich-text";
import { LazySavingsEstimate } from "./lazy-savings-estimate";

type Props = { hero: LandingContent["hero"]; brandName: string; locale: string; currency: MarketCurrency };

/**
 * The headline, its claim and the call to action, with the savings estimate beside them on a wide screen and under
 * the call to action on a phone. The claim's footnote closes the headline's column (the section, on a phone).
 */
export function Hero({ hero, brandName, locale, currency }: Props) {
  const { note, ...estimate } = hero.estimate;
  return (
    <section aria-labelledby="hero-title" className="hero">
      <div className="page-width hero-grid">
        <div className="lg:col-start-1 lg:row-start-1">
          <p aria-describedby="hero-note" className="hero-badge">
            <span>
              {hero.highlight}
              <NoteMarker n={1} />
            </span>
          </p>
          <h1 id="hero-title" className="hero-title">
            {hero.title}
          </h1>
          <RichText value={hero.body} className="hero-lead" />
        </div>
        <LazySavingsEstimate
          copy={estimate}
          cta={hero.cta}
          brandName={brandName}
          locale={locale}
          currency={currency}
          noteId="estimate-note"
        >
          <p id="estimate-note" className="mt-3 text-xs leading-relaxed text-blue-100">
            {note}
          </p>
        </LazySavingsEstimate>
        <Note id="hero-note" n={1} className="hero-notes">
          {hero.highlightNote}
        </Note>
      </div>
    </section>
  );
}
