export { ContactForm } from "./contact-form";
export type { ContactFormCopy } from "./form-copy";
