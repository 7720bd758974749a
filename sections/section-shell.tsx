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
      <div className="section-frame">
        <h2 id={`${id}-title`} className="section-title">
          {title}
        </h2>
        {intro ? <p className="mt-4 max-w-3xl text-lg text-muted">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
