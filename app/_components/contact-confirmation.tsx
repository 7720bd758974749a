import type { FollowUpContent } from "@/lib/content/follow-up-content";
import type { FollowUp } from "@/lib/conversation/next-steps";

/** The follow-up fields of the contact route's 201 answer; each absent when the market's content has none. */
export type ConfirmationDetails = Partial<Pick<FollowUp, "reference" | "contactTime" | "bookingUrl" | "whatsappUrl">>;

/** The confirmation's words, from the market's follow-up content. */
export type ConfirmationCopy = Pick<
  FollowUpContent,
  "referenceLabel" | "contactTimeLabel" | "bookingLabel" | "whatsappLabel" | "newTabLabel"
>;

/** Just the confirmation's words, so the page does not ship the rest of the follow-up content to the browser. */
export const confirmationCopy = (followUp: FollowUpContent | null): ConfirmationCopy | null =>
  followUp && {
    referenceLabel: followUp.referenceLabel,
    contactTimeLabel: followUp.contactTimeLabel,
    bookingLabel: followUp.bookingLabel,
    whatsappLabel: followUp.whatsappLabel,
    newTabLabel: followUp.newTabLabel,
  };

// Full width on a phone: the two links line up and their labels stay on one line.
const linkClass =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full px-4 text-sm font-semibold sm:w-auto focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * What the confirmation adds once a lead is stored: when sales will call, the reference to quote, and the links to
 * book a call or write on WhatsApp, each shown only when the answer carries it. The links open in a new tab and send
 * no referrer; nothing on the page reports their clicks (the Meta pixel's automatic event collection is off). No
 * state and no effects: it renders wherever it is placed, and the form loads it only after a success.
 */
export function ContactConfirmation({ details, copy }: { details: ConfirmationDetails; copy: ConfirmationCopy }) {
  const { reference, contactTime, bookingUrl, whatsappUrl } = details;
  const external = (href: string, label: string, className: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer" className={`${linkClass} ${className}`}>
      {label}
      <span className="sr-only"> {copy.newTabLabel}</span>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0">
        <path
          d="M8 4H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1v-3M11 4h5v5m0-5-7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </a>
  );
  return (
    <>
      {contactTime ? (
        <p className="mt-2 text-sm">
          <span className="font-semibold">{copy.contactTimeLabel}:</span> {contactTime}
        </p>
      ) : null}
      {reference ? (
        <p className="mt-2 text-sm">
          {copy.referenceLabel}:{" "}
          <strong className="font-mono text-base tracking-wider whitespace-nowrap" data-reference>
            {reference}
          </strong>
        </p>
      ) : null}
      {bookingUrl || whatsappUrl ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {bookingUrl ? external(bookingUrl, copy.bookingLabel, "bg-brand-700 text-white hover:bg-brand-800") : null}
          {whatsappUrl
            ? external(whatsappUrl, copy.whatsappLabel, "border border-accent bg-white text-accent hover:bg-emerald-50")
            : null}
        </div>
      ) : null}
    </>
  );
}
