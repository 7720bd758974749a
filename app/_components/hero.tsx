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
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white"
    >
      <div className="page-width grid gap-x-12 pt-14 pb-10 sm:pt-20 lg:grid-cols-[minmax(0,1fr)_27rem] lg:grid-rows-[auto_auto_1fr]">
        <div className="lg:col-start-1 lg:row-start-1">
          <p
            aria-describedby="hero-note"
            className="inline-flex rounded-full bg-white/15 px-4 py-1.5 text-sm font-semibold text-white ring-1 ring-white/30"
          >
            <span>
              {hero.highlight}
              <NoteMarker n={1} />
            </span>
          </p>
          <h1
            id="hero-title"
            className="mt-6 max-w-3xl text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl"
          >
            {hero.title}
          </h1>
          <RichText value={hero.body} className="mt-6 max-w-2xl space-y-3 text-lg text-blue-50" />
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
        <Note
          id="hero-note"
          n={1}
          className="mt-10 border-t border-white/20 pt-4 text-xs leading-relaxed text-blue-100 lg:col-start-1 lg:row-start-3 lg:self-end"
        >
          {hero.highlightNote}
        </Note>
      </div>
    </section>
  );
}
