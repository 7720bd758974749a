import dynamic from "next/dynamic";
import { useEffect, useRef, type Ref } from "react";
import type { ConfirmationDetails } from "../contact-confirmation";
import type { ContactFormCopy } from "./form-copy";

// The confirmation's reference, contact time and links load after a success; if they cannot, the rest still shows.
const FollowUp = dynamic(
  () =>
    import("../contact-confirmation").then(
      (m) => m.ContactConfirmation,
      () => () => null,
    ),
  { ssr: false },
);

/** What the last attempt left near the button until the visitor edits the form; `answer` is the route's 201 body. */
export type Outcome = { sent: true; answer: Record<string, unknown> } | { sent: false; message: string };

type Props = {
  copy: Pick<
    ContactFormCopy,
    "submit" | "submitting" | "submittingLabel" | "successTitle" | "successMessage" | "successNext" | "followUp"
  >;
  /** The whole form is valid: the button is enabled. */
  valid: boolean;
  pending: boolean;
  /** The line naming what is still missing, while something is. */
  missingLine: string | null;
  outcome: Outcome | null;
};

/**
 * The button and, under it, one at a time and tied to it: what is still missing, a failure, or the confirmation.
 * A confirmation takes focus (and is read once: the toast's copy of it is hidden from screen readers); a failure
 * gives focus back to the button if sending took it away. Either is centred on the screen, so the toast at the bottom
 * of a phone's screen does not cover it.
 */
export function SubmitArea({ copy, valid, pending, missingLine, outcome }: Props) {
  const submitRef = useRef<HTMLButtonElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome?.sent) {
      confirmationRef.current?.focus({ preventScroll: true });
      confirmationRef.current?.scrollIntoView({ block: "center" });
    } else if (outcome && document.activeElement === document.body) {
      submitRef.current?.focus({ preventScroll: true });
      submitRef.current?.scrollIntoView({ block: "center" });
    }
  }, [outcome]);

  const hint = valid || pending || outcome?.sent ? null : missingLine;
  const failure = outcome && !outcome.sent ? outcome.message : null;
  const describedBy =
    [hint ? "contact-missing" : null, failure !== null ? "contact-failure" : null].filter(Boolean).join(" ") ||
    undefined;

  return (
    <div className="grid gap-3 sm:col-span-2">
      <button
        ref={submitRef}
        type="submit"
        disabled={!valid || pending}
        aria-busy={pending}
        // The spec's ellipsis stays on screen; screen readers hear what it means.
        aria-label={pending ? copy.submittingLabel : undefined}
        aria-describedby={describedBy}
        className="button-submit"
      >
        {pending ? copy.submitting : copy.submit}
      </button>
      {hint ? (
        <p id="contact-missing" className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {failure !== null ? (
        <p id="contact-failure" className="flex gap-2 text-sm font-medium text-danger">
          <AlertIcon />
          {failure}
        </p>
      ) : null}
      {outcome?.sent ? (
        <Confirmation ref={confirmationRef} copy={copy} details={outcome.answer as ConfirmationDetails} />
      ) : null}
    </div>
  );
}

type ConfirmationProps = { ref: Ref<HTMLDivElement>; copy: Props["copy"]; details: ConfirmationDetails };

function Confirmation({ ref, copy, details }: ConfirmationProps) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby="contact-confirmation-title"
      className="flex gap-3 rounded-xl border border-accent/40 bg-emerald-50 p-4 text-ink"
    >
      <CheckIcon />
      <div>
        <p id="contact-confirmation-title" className="font-semibold">
          {copy.successTitle}
        </p>
        <p className="mt-1 text-sm">{copy.successMessage}</p>
        <p className="mt-1 text-sm">{copy.successNext}</p>
        {copy.followUp ? <FollowUp details={details} copy={copy.followUp} /> : null}
      </div>
    </div>
  );
}

function AlertIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-px size-5 shrink-0">
      <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.75" />
      <path d="M10 6v5m0 3h.01" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-accent">
      <circle cx="10" cy="10" r="8.5" fill="currentColor" />
      <path
        d="m6.5 10.2 2.3 2.3 4.7-4.8"
        fill="none"
        stroke="white"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
