"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { attributionForLead } from "@/lib/attribution/kept-touches";
import { trackingAllowed, trackPixelEvent, type ConsentScope } from "@/lib/consent/browser-consent";
import { isEmailAddress } from "@/lib/contact/email-rule";
import { countryName, fill, listOf, minutesIn, retryAfterMinutes } from "@/lib/contact/form-messages";
import {
  FIELD_LIMITS,
  MARKET_PHONE_PREFIX,
  PHONE_MIN_LENGTH,
  PHONE_PATTERN,
  type PhonePrefix,
  type SelectName,
} from "@/lib/leads/options";
import type { PhoneVerdict } from "@/lib/contact/phone-check";
import type { LandingContent } from "@/lib/content/landing-content";
import { MARKET_LOCALES, type Market } from "@/lib/markets/markets";
import type { ConfirmationCopy, ConfirmationDetails } from "./contact-confirmation";

type Option = { value: string; label: string };

/** The content the form shows: labels and messages straight from content, options already labelled. */
export type ContactFormCopy = Pick<
  LandingContent["contact"],
  | "fields"
  | "submit"
  | "submitting"
  | "submittingLabel"
  | "missingAll"
  | "missingHint"
  | "emailInvalid"
  | "phoneInvalid"
  | "phoneOtherCountry"
  | "phoneUsePrefix"
  | "phoneNotOffered"
  | "successTitle"
  | "successMessage"
  | "successNext"
  | "errorTitle"
  | "errorMessage"
  | "errorInvalid"
  | "errorRateLimited"
  | "invalidField"
  | "toasterLabel"
> & { options: Record<SelectName, Option[]>; followUp: ConfirmationCopy | null };

type Props = { copy: ContactFormCopy; defaultPhonePrefix: string; market: Market; consent: ConsentScope };

// The toaster (sonner) is only needed once a visitor starts filling the form: loading it then keeps it out of
// the page's initial JavaScript while its live region still exists before the first toast is announced.
const Toasts = dynamic(() => import("./toasts"), { ssr: false });
// The confirmation's reference, contact time and links load after a success; if they cannot, the rest still shows.
const Confirmation = dynamic(
  () =>
    import("./contact-confirmation").then(
      (m) => m.ContactConfirmation,
      () => () => null,
    ),
  { ssr: false },
);

// The phone check (libphonenumber-js and the offered codes' metadata) likewise loads on first engagement; until it
// has, the phone has only its HTML constraints, and a submission waits for it. A failed load is tried again later.
type PhoneCheck = typeof import("@/lib/contact/phone-check");
let phoneCheck: Promise<PhoneCheck> | undefined;
const loadPhoneCheck = () =>
  (phoneCheck ??= import("@/lib/contact/phone-check").catch((error: unknown) => {
    phoneCheck = undefined;
    throw error;
  }));

/** The visitor's fields in page order; the prefix has a default and is never missing. */
const REQUIRED = ["company", "contact", "email", "phone", "country", "reason", "volume"] as const;
type FieldName = (typeof REQUIRED)[number];

const box = "block min-h-12 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-ink";
const inputClass = `${box} placeholder:text-slate-500 user-invalid:border-danger aria-[invalid=true]:border-danger`;
// A select is the real control, transparent over a box that shows its choice: the box wraps a long range label
// ("US$ 100.000 o más (≈ ARS 84.000.000 o más)") onto a second line on a phone instead of cutting it, draws the
// chevron, and shows the empty first entry in the placeholders' grey. Taps and keys still reach the select.
const selectClass = "peer absolute inset-0 size-full cursor-pointer appearance-none opacity-0 text-base";
const selectShown = `${box} flex items-center py-2.5 pr-10 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-user-invalid:border-danger peer-aria-[invalid=true]:border-danger`;

type Control = HTMLInputElement | HTMLSelectElement;
const isControl = (target: unknown): target is Control =>
  (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) && target.name !== "website";

/** What the last attempt left near the button until the visitor edits the form. */
type Outcome = { sent: true; details: ConfirmationDetails } | { sent: false; message: string };

/**
 * The body POSTed to /api/contact: the form's values, the market, the attempt's id, where the visitor came from
 * (click ids only where tracking is allowed) and the privacy notice shown. Everything the route receives about a
 * lead is assembled here.
 */
function leadRequest(form: HTMLFormElement, market: Market, submissionId: string, consent: ConsentScope) {
  return {
    ...Object.fromEntries(new FormData(form)),
    market,
    submissionId,
    attribution: attributionForLead(trackingAllowed(consent)),
    noticeVersion: consent.version,
  };
}

export function ContactForm({ copy, defaultPhonePrefix, market, consent }: Props) {
  const locale = MARKET_LOCALES[market];
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const checker = useRef<PhoneCheck | null>(null);
  // The id of the last attempt and the values it sent: an unchanged retry (or a double click) reuses the id,
  // so it stores one row; any changed value is a new submission with a new id.
  const attempt = useRef<{ id: string; values: string } | null>(null);
  const [valid, setValid] = useState(false);
  const [pending, setPending] = useState(false);
  const [engaged, setEngaged] = useState(false);
  // The message shown under each field the visitor has left: the browser's own validationMessage (spec §5), or
  // the form's own rules (email, phone) in the market's words.
  const [messages, setMessages] = useState<Record<string, string>>({});
  // The fields still empty or wrong, named under the disabled button (all of them: a short line instead).
  const [missing, setMissing] = useState<FieldName[]>([...REQUIRED]);
  // The offered prefix the typed phone fits, when it does not fit the selected one.
  const [fits, setFits] = useState<NonNullable<Extract<PhoneVerdict, { ok: false }>["fits"]> | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Each select's value, for the box that shows it.
  const [chosen, setChosen] = useState<Partial<Record<SelectName, string>>>({ phonePrefix: defaultPhonePrefix });
  const syncChosen = () =>
    setChosen(
      Object.fromEntries(
        (["phonePrefix", "country", "reason", "volume"] as const).map((name) => [name, control(name)?.value ?? ""]),
      ),
    );

  const control = (name: string) => {
    const element = formRef.current?.elements.namedItem(name);
    return isControl(element) ? element : null;
  };

  function revalidate() {
    const invalid = REQUIRED.filter((name) => control(name)?.validity.valid === false);
    setMissing(invalid);
    setValid(invalid.length === 0);
  }

  const show = (controls: Control[]) =>
    setMessages((shown) => ({ ...shown, ...Object.fromEntries(controls.map((c) => [c.name, c.validationMessage])) }));
  /** A shown message follows its field as it is fixed; `now` shows it even before the visitor leaves the field. */
  const refresh = (c: Control, now: boolean) =>
    setMessages((shown) => (now || c.name in shown ? { ...shown, [c.name]: c.validationMessage } : shown));

  /** The phone under the selected prefix; true when another offered prefix fits and the switch is worth showing now. */
  function checkPhone(): boolean {
    const phone = control("phone");
    const prefix = control("phonePrefix");
    if (!phone || !prefix) return false;
    phone.setCustomValidity("");
    const verdict =
      phone.validity.valid && checker.current
        ? checker.current.checkPhone(phone.value, prefix.value as PhonePrefix, MARKET_PHONE_PREFIX[market])
        : null;
    const other = verdict && !verdict.ok ? (verdict.fits ?? null) : null;
    setFits(other);
    if (!verdict || verdict.ok) return false;
    const code = `+${verdict.problem === "invalid" ? verdict.prefix : prefix.value}`;
    const problem = verdict.problem === "not-offered" ? copy.phoneNotOffered : fill(copy.phoneInvalid, { code });
    const suggestion = other
      ? ` ${fill(copy.phoneOtherCountry, { code: `+${other.prefix}`, country: countryName(other.country, locale) ?? `+${other.prefix}` })}`
      : "";
    phone.setCustomValidity(problem + suggestion);
    return other !== null;
  }

  /** The form's own rules on top of the browser's: the one email rule, and the phone against its prefix. */
  function applyRules(target: Control): boolean {
    // A server verdict holds until the field is edited.
    target.setCustomValidity("");
    if (target.name === "email" && target.validity.valid && !isEmailAddress(target.value))
      target.setCustomValidity(copy.emailInvalid);
    return target.name === "phone" || target.name === "phonePrefix" ? checkPhone() : false;
  }

  function engage() {
    if (engaged) return;
    setEngaged(true);
    loadPhoneCheck()
      .then((loaded) => {
        checker.current = loaded;
        const phone = control("phone");
        if (phone) refresh(phone, checkPhone());
        revalidate();
      })
      .catch((error: unknown) =>
        console.warn("The phone check did not load; the server still checks the number", error),
      );
  }

  /** Any change by the visitor (or by the page, as a bubbling change event): rules, shown messages, the hint. */
  function afterEdit(target: EventTarget) {
    engage();
    if (!isControl(target)) return;
    setOutcome(null);
    if (target instanceof HTMLSelectElement) syncChosen();
    // The phone's message shows at once when another code fits: the number is complete, just not for this code.
    const offersSwitch = applyRules(target);
    const phone = control("phone");
    refresh(target.name === "phonePrefix" && phone ? phone : target, offersSwitch);
    revalidate();
  }

  function switchPrefixTo(prefix: PhonePrefix) {
    const select = control("phonePrefix");
    if (!select) return;
    select.value = prefix;
    afterEdit(select);
    control("phone")?.focus();
  }

  // Values the browser restored (back navigation, autofill before hydration) count from the start.
  useEffect(() => {
    for (const c of [...(formRef.current?.elements ?? [])].filter(isControl)) applyRules(c);
    syncChosen();
    revalidate();
    // Once, on mount: later changes go through afterEdit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A confirmation takes focus (and is read once: the toast's copy of it is hidden from screen readers); a
  // failure gives focus back to the button if sending took it away. Either is centred on the screen, so the toast
  // at the bottom of a phone's screen does not cover it.
  useEffect(() => {
    if (outcome?.sent) {
      confirmationRef.current?.focus({ preventScroll: true });
      confirmationRef.current?.scrollIntoView({ block: "center" });
    } else if (outcome && document.activeElement === document.body) {
      submitRef.current?.focus({ preventScroll: true });
      submitRef.current?.scrollIntoView({ block: "center" });
    }
  }, [outcome]);

  function markRejected(form: HTMLFormElement, fields: Record<string, string>): boolean {
    const controls = Object.keys(fields)
      .map((n) => form.elements.namedItem(n))
      .filter(isControl);
    for (const c of controls) c.setCustomValidity(copy.invalidField);
    show(controls);
    controls[0]?.focus();
    return controls.length > 0;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (pending) return;
    // A visitor faster than the phone check's download waits for it rather than being told by the server.
    if (!checker.current) {
      checker.current = await loadPhoneCheck().catch(() => null);
      const phone = control("phone");
      if (phone) applyRules(phone);
    }
    if (!form.checkValidity()) {
      show([...form.elements].filter(isControl));
      return revalidate();
    }
    const values = JSON.stringify([...new FormData(form)]);
    if (attempt.current?.values !== values) attempt.current = { id: crypto.randomUUID(), values };
    const submissionId = attempt.current.id;
    setPending(true);
    setOutcome(null);
    const { toast } = await import("sonner");
    const fail = (message: string) => {
      toast.error(copy.errorTitle, { description: message });
      setOutcome({ sent: false, message });
    };
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(leadRequest(form, market, submissionId, consent)),
      });
      if (response.ok) {
        // The confirmation below says the same and takes focus: the toast is for the eyes only, so it is heard once.
        toast.success(<span aria-hidden="true">{copy.successTitle}</span>, {
          description: <span aria-hidden="true">{copy.successMessage}</span>,
        });
        // The browser pixel's Lead, under the server event's id (the submission id), so Meta counts one lead.
        trackPixelEvent(consent, "Lead", { params: {}, eventID: submissionId });
        form.reset();
        syncChosen();
        attempt.current = null;
        setMessages({});
        setFits(null);
        setOutcome({ sent: true, details: await response.json().catch(() => ({})) });
        return;
      }
      const detail = (await response.json().catch(() => ({}))) as { fields?: Record<string, string> };
      // Answers the form expects (a refused field, the rate limit, the store down) are warnings; anything else
      // means a bug between this form and the route, and is an error (Next's dev overlay shows it).
      const expected = response.status === 422 || response.status === 429 || response.status === 503;
      (expected ? console.warn : console.error)("Contact submission failed", response.status, detail);
      if (response.status === 422 && detail.fields && markRejected(form, detail.fields)) fail(copy.errorInvalid);
      else if (response.status === 429)
        fail(
          fill(copy.errorRateLimited, {
            minutes: minutesIn(retryAfterMinutes(response.headers.get("retry-after")), locale),
          }),
        );
      else fail(copy.errorMessage);
    } catch (error) {
      // No answer at all: the connection, not the page.
      console.warn("Contact submission failed", error);
      fail(copy.errorMessage);
    } finally {
      setPending(false);
      revalidate();
    }
  }

  /** Ties a field to its message (aria-describedby) while one is shown. */
  const described = (name: string) =>
    messages[name] ? { "aria-describedby": `contact-${name}-message`, "aria-invalid": true as const } : {};
  const message = (name: string, after?: ReactNode) =>
    messages[name] ? (
      <div className="mt-1 text-sm text-danger">
        <p id={`contact-${name}-message`}>{messages[name]}</p>
        {after}
      </div>
    ) : null;

  const label = (name: keyof ContactFormCopy["fields"]) => (
    <label htmlFor={`contact-${name}`} className="mb-1 block text-sm font-medium text-ink">
      {copy.fields[name].label}
    </label>
  );

  const selectBox = (name: SelectName, select: ReactNode) => {
    const option = copy.options[name].find((o) => o.value === chosen[name]);
    return (
      <div className="relative">
        {select}
        <div aria-hidden="true" className={`${selectShown} ${option ? "" : "text-slate-500"}`}>
          {option ? option.label : name === "phonePrefix" ? "" : copy.fields[name].placeholder}
        </div>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-600"
        >
          <path
            d="m5 7.5 5 5 5-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.75"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
    );
  };

  const select = (name: Exclude<SelectName, "phonePrefix">) => (
    <div>
      {label(name)}
      {selectBox(
        name,
        <select
          id={`contact-${name}`}
          name={name}
          required
          defaultValue=""
          className={selectClass}
          {...described(name)}
        >
          <option value="" disabled>
            {copy.fields[name].placeholder}
          </option>
          {copy.options[name].map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>,
      )}
      {message(name)}
    </div>
  );

  const text = (name: "company" | "contact" | "email", type: string, autoComplete: string) => (
    <div>
      {label(name)}
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

  const switchPrefix = fits ? (
    <button
      type="button"
      onClick={() => switchPrefixTo(fits.prefix)}
      className="mt-2 inline-flex h-10 items-center rounded-full border border-brand-700 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
    >
      {fill(copy.phoneUsePrefix, { code: `+${fits.prefix}` })}
    </button>
  ) : null;

  // Under the button: the confirmation, a failure, or what is still missing — one at a time, tied to the button.
  const hint =
    valid || pending || outcome?.sent
      ? null
      : missing.length === REQUIRED.length
        ? copy.missingAll
        : fill(copy.missingHint, {
            fields: listOf(
              missing.map((n) => copy.fields[n].label),
              locale,
            ),
          });
  const describedBy =
    [hint ? "contact-missing" : null, outcome && !outcome.sent ? "contact-failure" : null].filter(Boolean).join(" ") ||
    undefined;

  return (
    <>
      {/* Outside the form's grid, where the toaster's region would take a cell. */}
      {engaged ? <Toasts label={copy.toasterLabel} /> : null}
      <form
        ref={formRef}
        onSubmit={onSubmit}
        onInput={(e) => afterEdit(e.target)}
        onChange={(e) => afterEdit(e.target)}
        onBlur={(e) => isControl(e.target) && show([e.target])}
        onFocus={engage}
        className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2 sm:p-8"
      >
        {text("company", "text", "organization")}
        {text("contact", "text", "name")}
        <div className="sm:col-span-2">{text("email", "email", "email")}</div>
        <div className="grid grid-cols-[minmax(0,8.5rem)_1fr] gap-3 sm:col-span-2">
          <div>
            {label("phonePrefix")}
            {selectBox(
              "phonePrefix",
              <select
                id="contact-phonePrefix"
                name="phonePrefix"
                autoComplete="tel-country-code"
                defaultValue={defaultPhonePrefix}
                className={selectClass}
              >
                {copy.options.phonePrefix.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>,
            )}
          </div>
          <div>
            {label("phone")}
            <input
              id="contact-phone"
              name="phone"
              type="tel"
              required
              inputMode="tel"
              // The full number a browser fills in ("+52 55 …") is read with its own code, whatever the select shows.
              autoComplete="tel"
              pattern={PHONE_PATTERN}
              minLength={PHONE_MIN_LENGTH}
              maxLength={FIELD_LIMITS.phone}
              placeholder={copy.fields.phone.placeholder}
              className={inputClass}
              {...described("phone")}
            />
          </div>
          <div className="col-span-2 -mt-2 empty:hidden">{message("phone", switchPrefix)}</div>
        </div>
        {select("country")}
        {select("reason")}
        <div className="sm:col-span-2">{select("volume")}</div>
        {/* Honeypot: invisible to people and assistive tech; bots that fill it are answered 201 and stored nowhere. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Website</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="grid gap-3 sm:col-span-2">
          <button
            ref={submitRef}
            type="submit"
            disabled={!valid || pending}
            aria-busy={pending}
            // The spec's ellipsis stays on screen; screen readers hear what it means.
            aria-label={pending ? copy.submittingLabel : undefined}
            aria-describedby={describedBy}
            className="h-12 rounded-full bg-brand-700 px-6 text-base font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-brand-700/60 disabled:hover:bg-brand-700/60"
          >
            {pending ? copy.submitting : copy.submit}
          </button>
          {hint ? (
            <p id="contact-missing" className="text-sm text-muted">
              {hint}
            </p>
          ) : null}
          {outcome && !outcome.sent ? (
            <p id="contact-failure" className="flex gap-2 text-sm font-medium text-danger">
              <AlertIcon />
              {outcome.message}
            </p>
          ) : null}
          {outcome?.sent ? (
            <div
              ref={confirmationRef}
              tabIndex={-1}
              role="group"
              aria-labelledby="contact-confirmation-title"
              className="flex gap-3 rounded-xl border border-accent/40 bg-emerald-50 p-4 text-ink"
            >
              <CheckIcon />
              <div>
                <p id="contact-confirmation-title" className="font-semibold">
                  {copy.successTitle}
                </p>
                <p className="mt-1 text-sm">{copy.successMessage}</p>
                <p className="mt-1 text-sm">{copy.successNext}</p>
                {copy.followUp ? <Confirmation details={outcome.details} copy={copy.followUp} /> : null}
              </div>
            </div>
          ) : null}
        </div>
      </form>
    </>
  );
}

function AlertIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-px size-5 shrink-0">
      <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.75" />
      <path d="M10 6v5m0 3h.01" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-accent">
      <circle cx="10" cy="10" r="8.5" fill="currentColor" />
      <path
        d="m6.5 10.2 2.3 2.3 4.7-4.8"
        fill="none"
        stroke="white"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
