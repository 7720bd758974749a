import type { ContactFormCopy as ContactContentCopy } from "@/lib/content/contact-content";
import type { ConfirmationCopy } from "../contact-confirmation";

export type { Option } from "@/lib/content/contact-content";

/**
 * The form's copy: its messages come from the content contract, where they are declared once; the confirmation's
 * follow-up words from the market's follow-up content (null when the market has none).
 */
export type ContactFormCopy = ContactContentCopy & { followUp: ConfirmationCopy | null };
