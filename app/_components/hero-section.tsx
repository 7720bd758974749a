import type { LandingContent } from "@/lib/content/landing-content";
import { RichText } from "./rich-text";

export function HeroSection({ hero }: { hero: LandingContent["hero"] }) {
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <p className="inline-flex rounded-full bg-white/15 px-4 py-1.5 text-sm font-semibold text-white ring-1 ring-white/30">
          {hero.highlight}
        </p>
        <h1 id="hero-title" className="mt-6 max-w-3xl text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl">
          {hero.title}
        </h1>
        <RichText value={hero.body} className="mt-6 max-w-2xl space-y-3 text-lg text-blue-50" />
        <a
          href="#contact-form"
          className="mt-10 inline-flex h-12 items-center rounded-full bg-white px-7 text-base font-semibold text-brand-800 shadow-sm hover:bg-brand-50"
        >
          {hero.cta}
        </a>
      </div>
    </section>
  );
}
