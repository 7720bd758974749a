import { whatsappChatLink } from "@/lib/conversation/contact-links";

type Props = {
  number: string;
  message: string;
  /** The line added with the estimate's amount, holding {amount}. */
  amountLine: string;
  /** The estimate's example amount: an amount the visitor did not change is not theirs to quote. */
  defaultAmount: number;
  label: string;
  newTabLabel: string;
};

/**
 * A second way in beside the form: a WhatsApp chat with sales, the message written in. The server renders the
 * link whole, so it works without JavaScript; with it, the page's inline script first adds the amount the visitor
 * typed into the savings estimate, if any (lib/page-scripts/amount-links.ts, from the data attributes). Only that
 * amount is added: no personal data goes into the URL.
 */
export function WhatsAppLink({ number, message, amountLine, defaultAmount, label, newTabLabel }: Props) {
  return (
    <a
      href={whatsappChatLink(number, message)}
      data-whatsapp-number={number}
      data-whatsapp-message={message}
      data-whatsapp-amount-line={amountLine}
      data-whatsapp-default-amount={defaultAmount}
      target="_blank"
      rel="noopener noreferrer"
      className="button-whatsapp mt-6"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0">
        <path
          d="M10 2.5a7.5 7.5 0 0 0-6.5 11.2L2.5 17.5l3.9-1A7.5 7.5 0 1 0 10 2.5Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      {label}
      <span className="sr-only"> {newTabLabel}</span>
    </a>
  );
}
