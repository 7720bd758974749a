import type { ReactNode } from "react";

/** What every field component is given: its control name, its words, and the message shown under it, if any. */
export type FieldProps<Name extends string> = { name: Name; label: string; message: string | undefined };

const messageId = (name: string) => `contact-${name}-message`;

/** Ties a control to its message (aria-describedby) while one is shown. */
export const described = (name: string, message: string | undefined) =>
  message ? { "aria-describedby": messageId(name), "aria-invalid": true as const } : {};

export function FieldLabel({ name, children }: { name: string; children: ReactNode }) {
  return (
    <label htmlFor={`contact-${name}`} className="field-label">
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

/**
 * A select with the box that shows its choice (`shown`; a grey `placeholder` while there is none). The select (class
 * `peer field-select`) is the real control, transparent over the box: the box wraps a long range label ("US$ 100.000 o
 * más (≈ ARS 84.000.000 o más)") onto a second line on a phone instead of cutting it, draws the chevron and follows
 * the select's focus and validity. Taps and keys still reach the select.
 */
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
      <div aria-hidden="true" className={shown !== undefined ? "field-shown" : "field-shown text-slate-500"}>
        {shown ?? placeholder}
      </div>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="field-chevron">
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
