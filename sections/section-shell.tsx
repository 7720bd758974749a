import type { ReactNode } from "react";

export type Tone = "white" | "slate";

const TONES: Record<Tone, string> = { white: "bg-white", slate: "bg-slate-50" };

/** The frame every section shares: its background, width, heading (which names the section) and optional intro. */
export function SectionShell({
  id,
  title,
  intro,
  tone,
  className = "",
  children,
}: {
  id: string;
  title: string;
  intro?: string | null;
  tone: Tone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`${TONES[tone]} ${className}`}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id={`${id}-title`} className="max-w-3xl text-3xl font-bold tracking-tight text-ink">
          {title}
        </h2>
        {intro ? <p className="mt-4 max-w-3xl text-lg text-muted">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
