"use client";

import dynamic from "next/dynamic";
import { Fragment, useEffect, useRef } from "react";
import type { FormPreset } from "@/lib/campaign/campaign-content";
import type { ConsentScope } from "@/lib/consent/browser-consent";
import { FORM_FIELD_NAMES, LEAD_FIELDS, type ChoiceName, type TextFieldName } from "@/lib/leads/lead-fields";
import type { Market } from "@/lib/markets/markets";
import type { ContactFormCopy } from "./form-copy";
import { PhoneField } from "./phone-field";
import { SelectField } from "./select-field";
import { SubmitArea } from "./submit-area";
import { TextField } from "./text-field";
import { useContactProof } from "./use-contact-proof";
import { isControl, useFieldChecks } from "./use-field-checks";
import { useLeadSubmission } from "./use-lead-submission";

type Props = {
  copy: ContactFormCopy;
  defaultPhonePrefix: string;
  market: Market;
  consent: ConsentScope;
  /** The campaign page the form is on (the lead records it), and the choices it opens with. */
  page?: string;
  preset?: Partial<FormPreset>;
};

// The toaster (sonner) is only needed once a visitor starts filling the form: loading it then keeps it out of
// the page's initial JavaScript while its live region still exists before the first toast is announced.
const Toasts = dynamic(() => import("../toasts"), { ssr: false });

/**
 * The contact form. It stays uncontrolled: the browser holds the values, and every `input` or bubbling `change`
 * event (a visitor's, or a script's that sets a value) re-runs the checks, the messages and the line under the button.
 */
export function ContactForm({ copy, defaultPhonePrefix, market, consent, page, preset = {} }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const checks = useFieldChecks(formRef, { copy, market, defaultPhonePrefix, preset });
  // Solved in a worker while the visitor types, from their first focus or change, or at once when they typed before
  // this code arrived (the form is engaged from the start then).
  const contactProof = useContactProof();
  const { start: startProof } = contactProof;
  useEffect(() => {
    if (checks.engaged) startProof();
  }, [checks.engaged, startProof]);
  const { pending, outcome, submit, clearOutcome } = useLeadSubmission({
    copy,
    market,
    page,
    consent,
    checks,
    contactProof,
  });
  const { fields, options } = copy;
  const { messages, chosen } = checks;

  // A field's control name, words and message; a select's options and current choice too.
  const fieldProps = <Name extends TextFieldName | ChoiceName>(name: Name) => ({
    name,
    label: fields[name].label,
    placeholder: fields[name].placeholder,
    message: messages[name],
  });
  const presetOf = (name: ChoiceName) => (preset as Partial<Record<ChoiceName, string | null>>)[name];
  const selectProps = (name: ChoiceName) => ({
    ...fieldProps(name),
    options: options[name],
    chosen: chosen[name],
  });
  /** Each field as its declaration says: a text input, the phone with its country code, or a choice. */
  const control = (name: (typeof FORM_FIELD_NAMES)[number]) => {
    const field = LEAD_FIELDS[name];
    switch (field.kind) {
      case "name":
      case "email":
        return <TextField {...fieldProps(name as TextFieldName)} />;
      case "prefix":
        // Shown beside the number, by the phone's control.
        return null;
      case "phone":
        return (
          <PhoneField
            labels={{ phonePrefix: fields.phonePrefix.label, phone: fields.phone.label }}
            placeholder={fields.phone.placeholder}
            prefixes={options.phonePrefix}
            defaultPrefix={defaultPhonePrefix}
            chosenPrefix={chosen.phonePrefix}
            message={messages.phone}
            suggestion={checks.suggestion}
            usePrefix={copy.phoneUsePrefix}
            onSwitch={(prefix) => {
              checks.switchPrefix(prefix);
              clearOutcome();
            }}
          />
        );
      case "choice":
        // A campaign page may preset a choice; the others start on the placeholder.
        return <SelectField {...selectProps(name as ChoiceName)} defaultValue={presetOf(name as ChoiceName) ?? ""} />;
    }
  };

  const edited = (target: EventTarget) => {
    // After a sent attempt the next proof starts with the next change.
    contactProof.start();
    if (checks.edited(target)) clearOutcome();
  };

  return (
    <>
      {/* Outside the form's grid, where the toaster's region would take a cell. */}
      {checks.engaged ? <Toasts label={copy.toasterLabel} /> : null}
      <form
        ref={formRef}
        onSubmit={submit}
        onInput={(e) => edited(e.target)}
        onChange={(e) => edited(e.target)}
        onBlur={(e) => isControl(e.target) && checks.show([e.target])}
        onFocus={checks.engage}
        className="form-card"
      >
        {FORM_FIELD_NAMES.map((name) => {
          const shown = control(name);
          if (!shown) return null;
          return "wide" in LEAD_FIELDS[name] ? (
            <div key={name} className="sm:col-span-2">
              {shown}
            </div>
          ) : (
            <Fragment key={name}>{shown}</Fragment>
          );
        })}
        {/* Honeypot: invisible to people and assistive tech; bots that fill it are answered 201 and stored nowhere. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Website</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <SubmitArea
          copy={copy}
          valid={checks.valid}
          pending={pending}
          missingLine={checks.missingLine}
          outcome={outcome}
        />
      </form>
    </>
  );
}
