import type { CallToActionSection as Section } from "./contract";

export function CallToActionSection({ section, id }: { section: Section; id: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="bg-brand-800 text-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight">
            {section.title}
          </h2>
          <p className="mt-3 text-lg text-blue-50">{section.body}</p>
        </div>
        <a
          href="#contact-form"
          className="inline-flex h-12 shrink-0 items-center self-start rounded-full bg-white px-7 text-base font-semibold text-brand-800 shadow-sm hover:bg-brand-50 md:self-center"
        >
          {section.cta}
        </a>
      </div>
    </section>
  );
}
