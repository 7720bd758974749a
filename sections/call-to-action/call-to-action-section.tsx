import type { CallToActionSection as Section } from "./contract";

export function CallToActionSection({ section, id }: { section: Section; id: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="bg-brand-800 text-white">
      <div className="page-width flex flex-col gap-6 py-14 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight">
            {section.title}
          </h2>
          <p className="mt-3 text-lg text-blue-50">{section.body}</p>
        </div>
        <a href="#contact-form" className="button-light self-start md:self-center">
          {section.cta}
        </a>
      </div>
    </section>
  );
}
