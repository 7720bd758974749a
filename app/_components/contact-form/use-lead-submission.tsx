import { useRef, useState, type FormEvent } from "react";
import { attributionForLead } from "@/lib/attribution/kept-touches";
import { trackingAllowed, trackPixelEvent, type ConsentScope } from "@/lib/consent/browser-consent";
import { MARKET_LOCALES, type Market } from "@/lib/markets/markets";
import type { ContactFormCopy } from "./form-copy";
import {
  attemptFor,
  failureMessage,
  isExpected,
  leadRequest,
  sendLead,
  type Attempt,
  type FormEntries,
} from "./lead-submission";
import type { Outcome } from "./submit-area";
import type { ContactProof } from "./use-contact-proof";
import type { FieldChecks } from "./use-field-checks";

type Options = {
  copy: ContactFormCopy;
  market: Market;
  /** The campaign page the form is on; none on the market's own page. */
  page: string | undefined;
  consent: ConsentScope;
  checks: FieldChecks;
  contactProof: ContactProof;
};

/**
 * Sending the form: the pending state, what the attempt left near the button, the toasts, and the pixel's Lead.
 * The request, the retry's id and the reading of the answer are lead-submission.ts.
 */
export function useLeadSubmission({ copy, market, page, consent, checks, contactProof }: Options) {
  const attempt = useRef<Attempt | null>(null);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (pending) return;
    await checks.phoneCheckReady();
    if (!form.checkValidity()) {
      checks.show();
      return checks.revalidate();
    }
    const entries: FormEntries = [...new FormData(form)];
    attempt.current = attemptFor(attempt.current, entries);
    const submissionId = attempt.current.id;
    setPending(true);
    setOutcome(null);
    const { toast } = await import("sonner");
    try {
      const result = await sendLead(
        leadRequest(entries, {
          market,
          ...(page ? { page } : {}),
          submissionId,
          attribution: attributionForLead(trackingAllowed(consent)),
          noticeVersion: consent.version,
          proof: await contactProof.proof(),
        }),
      );
      if (result.kind === "sent") {
        // The confirmation says the same and takes focus: the toast is for the eyes only, so it is heard once.
        toast.success(<span aria-hidden="true">{copy.successTitle}</span>, {
          description: <span aria-hidden="true">{copy.successMessage}</span>,
        });
        // The browser pixel's Lead, under the server event's id (the submission id), so Meta counts one lead.
        trackPixelEvent(consent, "Lead", { params: {}, eventID: submissionId });
        form.reset();
        checks.cleared();
        attempt.current = null;
        setOutcome({ sent: true, answer: result.answer });
        return;
      }
      if (result.status === null) console.warn("Contact submission failed", result.detail);
      else
        (isExpected(result) ? console.warn : console.error)("Contact submission failed", result.status, result.detail);
      // A refusal naming no field on this form is the route's bug, told in the general words.
      const message =
        result.kind === "invalid" && !checks.reject(result.fields)
          ? copy.errorMessage
          : failureMessage(result, copy, MARKET_LOCALES[market]);
      toast.error(copy.errorTitle, { description: message });
      setOutcome({ sent: false, message });
    } finally {
      setPending(false);
      checks.revalidate();
    }
  }

  return { pending, outcome, submit, clearOutcome: () => setOutcome(null) };
}
