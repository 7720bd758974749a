"use client";

import { Activity, lazy, type ComponentProps } from "react";
import type { ContactForm as Form } from "./contact-form";
import { loadedModule, whenNeeded } from "../when-needed";

/** The contact form, in the page's fixed contact part (app/_components/contact.tsx). */
const SECTION_ID = "contact-form";

// The server renders the form whole; in the browser its code loads, and the form hydrates, when it is needed.
// The browser's build leaves the server's branch out (`typeof window` is known there), and the module with it.
const ContactForm = lazy(() =>
  typeof window === "undefined"
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- synchronous, and on the server only
      loadedModule((require("./contact-form") as typeof import("./contact-form")).ContactForm)
    : whenNeeded(SECTION_ID, { near: true }).then(() =>
        import("./contact-form").then((m) => ({ default: m.ContactForm })),
      ),
);

/**
 * The contact form, its code kept out of the page's start: it loads when the form comes within a screen of the
 * viewport, a link leads to it, or the visitor presses, focuses or types in it. Until then the form is the server's
 * HTML, which the browser already lets a visitor fill (an Activity boundary hydrates apart from the rest of the page,
 * once its code is there); the submit button stays disabled, as rendered, until the form's code has read what was
 * typed and finds it valid.
 */
export function LazyContactForm(props: ComponentProps<typeof Form>) {
  return (
    <Activity>
      <ContactForm {...props} />
    </Activity>
  );
}
