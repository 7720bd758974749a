/**
 * A footnote's number beside a claim. Sighted visitors match it to the note below; screen readers get the note
 * itself through the claim's `aria-describedby`, so the bare number is hidden from them.
 */
export function NoteMarker({ n }: { n: number }) {
  return (
    <sup aria-hidden="true" className="ml-0.5 text-[0.7em] font-semibold">
      {n}
    </sup>
  );
}

/** The footnote a marker points to; `id` is what the claim's `aria-describedby` names. */
export function Note({
  id,
  n,
  children,
  className,
}: {
  id: string;
  n: number;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <p id={id} className={className}>
      <sup className="mr-1 font-semibold">{n}</sup>
      {children}
    </p>
  );
}
