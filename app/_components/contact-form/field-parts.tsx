import type { ReactNode } from "react";

/** What every field component is given: its control name, its words, and the message shown under it, if any. */
export type FieldProps<Name extends string> = { name: Name; label: string; message: string | undefined };

const box = "block min-h-12 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-ink";
export const inputClass = `${box} placeholder:text-slate-500 user-invalid:border-danger aria-[invalid=true]:border-danger`;
// A select is the real control, transparent over a box that shows its choice: the box wraps a long range label
// ("US$ 100.000 o más (≈ ARS 84.000.000 o más)") onto a second line on a phone instead of cutting it, draws the
// chevron, and shows the empty first entry in the placeholders' grey. Taps and keys still reach the select.
export const selectClass = "peer absolute inset-0 size-full cursor-pointer appearance-none opacity-0 text-base";
const selectShown = `${box} flex items-center py-2.5 pr-10 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-user-invalid:border-danger peer-aria-[invalid=true]:border-danger`;

const messageId = (name: string) => `contact-${name}-message`;

/** Ties a control to its message (aria-describedby) while one is shown. */
export const described = (name: string, message: string | undefined) =>
  message ? { "aria-describedby": messageId(name), "aria-invalid": true as const } : {};

export function FieldLabel({ name, children }: { name: string; children: ReactNode }) {
  return (
    <label htmlFor={`contact-${name}`} className="mb-1 block text-sm font-medium text-ink">
      {children}
    </label>
  );
}

/** The message under a field, with what may follow it (the phone's switch). */
export function FieldMessage({ name, message, children }: { name: string; message?: string; children?: ReactNode }) {
  return message ? (
    <div className="mt-1 text-sm text-danger">
      <p id={messageId(name)}>{message}</p>
      {children}
    </div>
  ) : null;
}

/** A select with the box that shows its choice (`shown`; a grey `placeholder` while there is none). */
export function SelectBox({
  shown,
  placeholder,
  children,
}: {
  shown?: string;
  placeholder: string;
  children: ReactNode;
}) {
  return (
    <div className="relative">
      {children}
      <div aria-hidden="true" className={`${selectShown} ${shown !== undefined ? "" : "text-slate-500"}`}>
        {shown ?? placeholder}
      </div>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-600"
      >
        <path
          d="m5 7.5 5 5 5-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </div>
  );
}
