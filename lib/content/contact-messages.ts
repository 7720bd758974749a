import type { z } from "zod";
import { short, text } from "./content-fields";
import type { CopyLimit } from "./copy-limits";

/** How one of the form's messages is edited in the Studio and checked by the site. */
export type FormMessage = {
  /** The Studio's field title and help text. */
  title: string;
  description: string;
  /** The Studio tab it sits in: the field checks, or sending and its outcome. */
  group: "checks" | "messages";
  /** Short copy (a button, a toast's title): its layout limit. */
  limit?: CopyLimit;
  /** What the form fills in (lib/contact/form-messages.ts): the message must keep one of them, or read with a gap. */
  placeholders?: readonly [string, ...string[]];
};

/**
 * The contact form's messages, declared once: the Studio's fields (schemas/contact-form.ts), the content contract
 * (contact-content.ts) and the form's types come from here. The landing query lists the keys literally, for
 * TypeGen; a unit test holds it to this list. In the Studio's order.
 */
export const FORM_MESSAGES = {
  missingAll: {
    title: "Nothing filled in yet",
    description:
      "Under the button before anything is filled in, e.g. “Completa el formulario para enviar tu solicitud.”",
    group: "checks",
  },
  missingHint: {
    title: "What is still missing",
    description:
      "Under the button while it cannot be pressed yet; {fields} becomes the labels of the fields still empty or wrong, e.g. “Para enviar, completa: {fields}.”",
    group: "checks",
    placeholders: ["{fields}"],
  },
  emailInvalid: {
    title: "Incomplete email",
    description:
      "Under the email field when the address has no domain such as “.com”, e.g. “Escribe un correo completo, por ejemplo nombre@empresa.com.”",
    group: "checks",
  },
  phoneInvalid: {
    title: "Phone not valid for its code",
    description:
      "Under the phone field; {code} becomes the selected code, e.g. “Este número no es válido con el código {code}.”",
    group: "checks",
    placeholders: ["{code}"],
  },
  phoneOtherCountry: {
    title: "Phone valid for another code",
    description:
      "Follows the message above when the number fits another offered code; {country} becomes that country's name and {code} its code, e.g. “¿Es un número de {country}?”",
    group: "checks",
    placeholders: ["{country}", "{code}"],
  },
  phoneUsePrefix: {
    title: "Switch code button",
    description: "The button that switches to that code; {code} becomes it, e.g. “Usar {code}”.",
    group: "checks",
    limit: "submit",
    placeholders: ["{code}"],
  },
  phoneNotOffered: {
    title: "Phone with a code not offered",
    description: "Under the phone field when it was typed with a “+” code the list does not offer.",
    group: "checks",
  },
  invalidField: {
    title: "Rejected field",
    description: "Shown on a field the server did not accept.",
    group: "checks",
  },
  submit: { title: "Submit button", description: "The form's button.", group: "messages", limit: "submit" },
  submitting: {
    title: "Submitting",
    description: "The button's text while sending, e.g. “…”.",
    group: "messages",
    limit: "submit",
  },
  submittingLabel: {
    title: "Submitting, read aloud",
    description: "What screen readers announce for the button while sending, e.g. “Enviando…”.",
    group: "messages",
  },
  successTitle: {
    title: "Success title",
    description: "Notification title after a request was received; also heads the confirmation that stays in the form.",
    group: "messages",
    limit: "toastTitle",
  },
  successMessage: {
    title: "Success message",
    description: "Notification text after a request was received; also in the confirmation.",
    group: "messages",
  },
  successNext: {
    title: "What happens next",
    description: "In the confirmation that stays in the form after the notification is gone, e.g. who calls and when.",
    group: "messages",
  },
  errorTitle: {
    title: "Error title",
    description: "Notification title when sending failed.",
    group: "messages",
    limit: "toastTitle",
  },
  errorMessage: {
    title: "Error message",
    description:
      "When the request could not be saved (our side or the connection); it also stays under the button until the visitor edits the form.",
    group: "messages",
  },
  errorInvalid: {
    title: "Fields refused",
    description: "When the server refused some fields, which are then marked, e.g. “Revisa los campos marcados…”.",
    group: "messages",
  },
  errorRateLimited: {
    title: "Too many attempts",
    description: "When a visitor sent too many requests in a row; {minutes} becomes the wait, e.g. “5 minutos”.",
    group: "messages",
    placeholders: ["{minutes}"],
  },
  toasterLabel: {
    title: "Notifications area, read aloud",
    description: "The name screen readers give the area where notifications appear, e.g. “Notificaciones”.",
    group: "messages",
  },
} as const satisfies Record<string, FormMessage>;

export type FormMessageKey = keyof typeof FORM_MESSAGES;
export type FormMessages = Record<FormMessageKey, string>;

export const FORM_MESSAGE_KEYS = Object.keys(FORM_MESSAGES) as FormMessageKey[];

/** What the site requires of a message: not empty, within its layout limit, keeping what the form fills in. */
function messageRule({ limit, placeholders }: FormMessage): z.ZodType<string> {
  const base = limit ? short(limit) : text;
  if (!placeholders) return base;
  return base.refine(
    (value) => placeholders.some((placeholder) => value.includes(placeholder)),
    `must contain ${placeholders.join(" or ")}`,
  );
}

/** The contract's rule for every message, under its key. */
export const formMessageRules = Object.fromEntries(
  FORM_MESSAGE_KEYS.map((key) => [key, messageRule(FORM_MESSAGES[key])]),
) as Record<FormMessageKey, z.ZodType<string>>;
