// Pages get the form whose code loads when it is needed; nothing outside this folder imports the form itself, which
// would put its code in the page's start.
export { LazyContactForm as ContactForm } from "./lazy-contact-form";
export type { ContactFormCopy } from "./form-copy";
