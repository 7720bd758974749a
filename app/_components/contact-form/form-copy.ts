/** The form's copy comes from the content contract, where its messages are declared once. */
export type { ContactFormCopy, Option } from "@/lib/content/contact-content";

/** The visitor's fields in page order; the prefix has a default and is never missing. */
export const REQUIRED = ["company", "contact", "email", "phone", "country", "reason", "volume"] as const;
export type FieldName = (typeof REQUIRED)[number];
