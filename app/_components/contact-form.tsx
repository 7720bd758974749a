"use client";

import dynamic from "next/dynamic";
import { useRef, useState, type FormEvent } from "react";
import { FIELD_LIMITS, PHONE_MIN_LENGTH, PHONE_PATTERN, type SelectName } from "@/lib/contact/options";
import type { LandingContent } from "@/lib/content/landing-content";
import type { Market } from "@/lib/markets/markets";

type Option = { value: string; label: string };

/** The content the form shows: labels and messages straight from content, options already labelled. */
export type ContactFormCopy = Pick<
  LandingContent["contact"],
  "fields" | "submit" | "submitting" | "successTitle" | "successMessage" | "errorTitle" | "errorMessage" | "invalidField"
> & { options: Record<SelectName, Option[]> };

type Props = { copy: ContactFormCopy; defaultPhonePrefix: string; market: Market };

// The toaster (sonner) is only needed once a visitor starts filling the form: loading it then keeps it out of
// the page's initial JavaScript while its live region still exists before the first toast is announced.
const Toasts = dynamic(() => import("./toasts"), { ssr: false });

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-ink placeholder:text-slate-500 user-invalid:border-danger aria-[invalid=true]:border-danger";

type Control = HTMLInputElement | HTMLSelectElement;
const isControl = (target: unknown): target is Control =>
  (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) && target.name !== "website";

/** The browser pixel's Lead, under the server event's id (the submission id), so Meta counts one lead. */
function trackLead(submissionId: string) {
  try {
    if (typeof window.fbq === "function") window.fbq("track", "Lead", {}, { eventID: submissionId });
  } catch (error) {
    console.error("Meta pixel Lead failed", error);
  }
}

export function ContactForm({ copy, defaultPhonePrefix, market }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  // The id of the last attempt and the values it sent: an unchanged retry (or a double click) reuses the id,
  // so it stores one row; any changed value is a new submission with a new id.
  const attempt = useRef<{ id: string; values: string } | null>(null);
  const [valid, setValid] = useState(false);
  const [pending, setPending] = useState(false);
  const [engaged, setEngaged] = useState(false);
  // The message shown under each field the visitor has left: the browser's own validationMessage (spec §5).
  const [messages, setMessages] = useState<Record<string, string>>({});

  const revalidate = () => setValid(formRef.current?.checkValidity() ?? false);
  const show = (controls: Control[]) =>
    setMessages((shown) => ({ ...shown, ...Object.fromEntries(controls.map((c) => [c.name, c.validationMessage])) }));

  function onEdit(target: EventTarget) {
    if (!isControl(target)) return;
    // A server verdict holds until the field is edited; a shown message follows the field as it is fixed.
    target.setCustomValidity("");
    if (target.name in messages) show([target]);
  }

  function markRejected(form: HTMLFormElement, fields: Record<string, string>) {
    const controls = Object.keys(fields).map((n) => form.elements.namedItem(n)).filter(isControl);
    for (const control of controls) control.setCustomValidity(copy.invalidField);
    show(controls);
    controls[0]?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (pending) return;
    if (!form.checkValidity()) return show([...form.elements].filter(isControl));
    const values = JSON.stringify([...new FormData(form)]);
    if (attempt.current?.values !== values) attempt.current = { id: crypto.randomUUID(), values };
    const submissionId = attempt.current.id;
    const body = { ...Object.fromEntries(new FormData(form)), market, submissionId };
    setPending(true);
    const { toast } = await import("sonner");
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        const detail = (await response.json().catch(() => ({}))) as { fields?: Record<string, string> };
        console.error("Contact submission failed", response.status, detail);
        if (detail.fields) markRejected(form, detail.fields);
        toast.error(copy.errorTitle, { description: copy.errorMessage });
        return;
      }
      toast.success(copy.successTitle, { description: copy.successMessage });
      trackLead(submissionId);
      form.reset();
      attempt.current = null;
      setMessages({});
    } catch (error) {
      console.error("Contact submission failed", error);
      toast.error(copy.errorTitle, { description: copy.errorMessage });
    } finally {
      setPending(false);
      revalidate();
    }
  }

  /** Ties a field to its message (aria-describedby) while one is shown. */
  const described = (name: string) =>
    messages[name] ? { "aria-describedby": `contact-${name}-message`, "aria-invalid": true as const } : {};
  const message = (name: string) =>
    messages[name] ? (
      <p id={`contact-${name}-message`} className="mt-1 text-sm text-danger">
        {messages[name]}
      </p>
    ) : null;

  const select = (name: Exclude<SelectName, "phonePrefix">) => (
    <div>
      <label htmlFor={`contact-${name}`} className="block text-sm font-medium text-ink">
        {copy.fields[name].label}
      </label>
      <select id={`contact-${name}`} name={name} required defaultValue="" className={inputClass} {...described(name)}>
        <option value="" disabled>
          {copy.fields[name].placeholder}
        </option>
        {copy.options[name].map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {message(name)}
    </div>
  );

  const text = (name: "company" | "contact" | "email", type: string, autoComplete: string) => (
    <div>
      <label htmlFor={`contact-${name}`} className="block text-sm font-medium text-ink">
        {copy.fields[name].label}
      </label>
      <input
        id={`contact-${name}`}
        name={name}
        type={type}
        required
        maxLength={FIELD_LIMITS[name]}
        autoComplete={autoComplete}
        placeholder={copy.fields[name].placeholder}
        className={inputClass}
        {...described(name)}
      />
      {message(name)}
    </div>
  );

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      onInput={(e) => {
        onEdit(e.target);
        revalidate();
      }}
      onChange={(e) => {
        onEdit(e.target);
        revalidate();
      }}
      onBlur={(e) => isControl(e.target) && show([e.target])}
      onFocus={() => setEngaged(true)}
      noValidate={false}
      className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2 sm:p-8"
    >
      {engaged ? <Toasts /> : null}
      {text("company", "text", "organization")}
      {text("contact", "text", "name")}
      <div className="sm:col-span-2">{text("email", "email", "email")}</div>
      <div className="grid grid-cols-[minmax(0,7rem)_1fr] gap-3 sm:col-span-2">
        <div>
          <label htmlFor="contact-phonePrefix" className="block text-sm font-medium text-ink">
            {copy.fields.phonePrefix.label}
          </label>
          <select id="contact-phonePrefix" name="phonePrefix" defaultValue={defaultPhonePrefix} className={inputClass}>
            {copy.options.phonePrefix.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="contact-phone" className="block text-sm font-medium text-ink">
            {copy.fields.phone.label}
          </label>
          <input
            id="contact-phone"
            name="phone"
            type="tel"
            required
            inputMode="tel"
            autoComplete="tel-national"
            pattern={PHONE_PATTERN}
            minLength={PHONE_MIN_LENGTH}
            maxLength={FIELD_LIMITS.phone}
            placeholder={copy.fields.phone.placeholder}
            className={inputClass}
            {...described("phone")}
          />
          {message("phone")}
        </div>
      </div>
      {select("country")}
      {select("reason")}
      <div className="sm:col-span-2">{select("volume")}</div>
      {/* Honeypot: invisible to people and assistive tech; bots that fill it are answered 201 and stored nowhere. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button
        type="submit"
        disabled={!valid || pending}
        aria-busy={pending}
        className="h-12 rounded-full bg-brand-700 px-6 text-base font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-500 sm:col-span-2"
      >
        {pending ? copy.submitting : copy.submit}
      </button>
    </form>
  );
}
