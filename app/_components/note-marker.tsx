/**
 * A footnote's number beside a claim. Sighted visitors match it to the note below; screen readers get the note
 * itself through the claim's `aria-describedby`, so the bare number is hidden from them.
 */
export function NoteMarker({ n }: { n: number }) {
  return (
    <sup aria-hidden="true" className="note-marker">
      {n}
    </sup>
  );
}

/** The footnote a marker points to; `id` is what the claim's `aria-describedby` names. */
export function Note({
  id,
  n,
  children,
  ...attributes
}: {
  id: string;
  n: number;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <p id={id} {...attributes}>
      <sup className="note-number">{n}</sup>
      {children}
    </p>
  );
}
