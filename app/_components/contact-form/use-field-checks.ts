import { useEffect, useRef, useState, type RefObject } from "react";
import { isEmailAddress } from "@/lib/contact/email-rule";
import { countryName, fill, listOf } from "@/lib/contact/form-messages";
import type { PhoneVerdict } from "@/lib/contact/phone-check";
import {
  REQUIRED_FIELD_NAMES as REQUIRED,
  SELECT_NAMES as SELECTS,
  type RequiredFieldName as FieldName,
  type SelectName,
} from "@/lib/leads/lead-fields";
import { marketPhonePrefix, type PhonePrefix } from "@/lib/leads/options";
import type { FormPreset } from "@/lib/campaign/campaign-content";
import { MARKET_LOCALES, type Market } from "@/lib/markets/markets";
import type { ContactFormCopy } from "./form-copy";

// The phone check (libphonenumber-js and the offered codes' metadata) loads on first engagement, never with the
// page; until it has, the phone has only its HTML constraints, and a submission waits for it. A failed load is tried
// again later.
type PhoneCheck = typeof import("@/lib/contact/phone-check");
let phoneCheck: Promise<PhoneCheck> | undefined;
const loadPhoneCheck = () =>
  (phoneCheck ??= import("@/lib/contact/phone-check").catch((error: unknown) => {
    phoneCheck = undefined;
    throw error;
  }));

export type Control = HTMLInputElement | HTMLSelectElement;
/** The visitor's controls; the honeypot is none of the form's business. */
export const isControl = (target: unknown): target is Control =>
  (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) && target.name !== "website";

/** An offered prefix the typed phone fits, when it does not fit the selected one. */
export type PrefixSuggestion = NonNullable<Extract<PhoneVerdict, { ok: false }>["fits"]>;

type Options = { copy: ContactFormCopy; market: Market; defaultPhonePrefix: string; preset?: Partial<FormPreset> };

/**
 * What the form says about its fields as the visitor fills it (the browser holds the values): the message under
 * each field left or refused, the fields still missing (and the line naming them), the offered prefix a typed phone
 * fits, and each select's choice for the box that shows it. The browser's constraints decide, with the form's own
 * rules on top: the one email rule, and the phone against its prefix once the phone check has loaded.
 */
export function useFieldChecks(formRef: RefObject<HTMLFormElement | null>, options: Options) {
  const { copy, market, defaultPhonePrefix, preset = {} } = options;
  const locale = MARKET_LOCALES[market];
  const checker = useRef<PhoneCheck | null>(null);
  const [engaged, setEngaged] = useState(false);
  // The browser's own validationMessage, or the form's rule in the market's words, by control name.
  const [messages, setMessages] = useState<Record<string, string>>({});
  // A campaign page's preset choices count as filled from the first render, so the line under the button holds.
  const isPreset = (name: FieldName) => (name === "country" || name === "reason") && Boolean(preset[name]);
  const [missing, setMissing] = useState<FieldName[]>(REQUIRED.filter((name) => !isPreset(name)));
  const [suggestion, setSuggestion] = useState<PrefixSuggestion | null>(null);
  const [chosen, setChosen] = useState<Partial<Record<SelectName, string>>>({
    phonePrefix: defaultPhonePrefix,
    country: preset.country ?? "",
    reason: preset.reason ?? "",
  });

  const control = (name: string) => {
    const element = formRef.current?.elements.namedItem(name);
    return isControl(element) ? element : null;
  };
  const controls = () => [...(formRef.current?.elements ?? [])].filter(isControl);

  const revalidate = () => setMissing(REQUIRED.filter((name) => control(name)?.validity.valid === false));
  const syncChosen = () => setChosen(Object.fromEntries(SELECTS.map((name) => [name, control(name)?.value ?? ""])));

  /** Shows these controls' messages (all of them by default), as when the visitor leaves a field. */
  const show = (shown: Control[] = controls()) =>
    setMessages((was) => ({ ...was, ...Object.fromEntries(shown.map((c) => [c.name, c.validationMessage])) }));
  /** A shown message follows its field as it is fixed; `now` shows it even before the visitor leaves the field. */
  const refresh = (c: Control, now: boolean) =>
    setMessages((was) => (now || c.name in was ? { ...was, [c.name]: c.validationMessage } : was));

  /** The phone under the selected prefix; true when another offered prefix fits and the switch is worth showing now. */
  function checkPhone(): boolean {
    const phone = control("phone");
    const prefix = control("phonePrefix");
    if (!phone || !prefix) return false;
    phone.setCustomValidity("");
    const selected = prefix.value as PhonePrefix;
    const verdict =
      phone.validity.valid && checker.current
        ? checker.current.checkPhone(phone.value, selected, marketPhonePrefix(market))
        : null;
    const other = verdict && !verdict.ok ? (verdict.fits ?? null) : null;
    setSuggestion(other);
    if (!verdict || verdict.ok) return false;
    phone.setCustomValidity(phoneProblem(verdict, selected, copy, locale));
    return other !== null;
  }

  /** The form's own rules on top of the browser's; true when the phone's message should show at once. */
  function applyRules(target: Control): boolean {
    // A server verdict holds until the field is edited.
    target.setCustomValidity("");
    if (target.name === "email" && target.validity.valid && !isEmailAddress(target.value))
      target.setCustomValidity(copy.emailInvalid);
    return target.name === "phone" || target.name === "phonePrefix" ? checkPhone() : false;
  }

  /** The visitor's first focus or change loads the phone check (and lets the toaster mount). */
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

  /**
   * Any change by the visitor (or by the page, as a bubbling change event): rules, shown messages, the missing
   * fields. True when the target is one of the visitor's controls.
   */
  function edited(target: EventTarget): boolean {
    engage();
    if (!isControl(target)) return false;
    if (target instanceof HTMLSelectElement) syncChosen();
    // The phone's message shows at once when another code fits: the number is complete, just not for this code.
    const offersSwitch = applyRules(target);
    const phone = control("phone");
    refresh(target.name === "phonePrefix" && phone ? phone : target, offersSwitch);
    revalidate();
    return true;
  }

  /** The one-tap switch to the suggested prefix; the phone takes focus again. */
  function switchPrefix(prefix: PhonePrefix) {
    const select = control("phonePrefix");
    if (!select) return;
    select.value = prefix;
    edited(select);
    control("phone")?.focus();
  }

  /** A visitor faster than the phone check's download waits for it rather than being told by the server. */
  async function phoneCheckReady() {
    if (checker.current) return;
    checker.current = await loadPhoneCheck().catch(() => null);
    const phone = control("phone");
    if (phone) applyRules(phone);
  }

  /** Marks the fields the route refused and focuses the first; false when none of them is on the form. */
  function reject(fields: Record<string, string>): boolean {
    const refused = Object.keys(fields)
      .map(control)
      .filter((c) => c !== null);
    for (const c of refused) c.setCustomValidity(copy.invalidField);
    show(refused);
    refused[0]?.focus();
    return refused.length > 0;
  }

  /** After the form was reset: its defaults again, no messages. */
  function cleared() {
    syncChosen();
    setMessages({});
    setSuggestion(null);
  }

  // Values the browser restored (back navigation, autofill before hydration) count from the start. The DOM holds
  // them, so it is read once after mount; later changes go through `edited`.
  useEffect(() => {
    for (const c of controls()) applyRules(c);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- state taken from the DOM, once
    syncChosen();
    revalidate();
    // Typed before this code arrived (it loads when the form is needed): the fields already left say what is wrong
    // with them, as on leaving them, and the phone check loads as on a first focus.
    const typed = controls().filter((c) => c instanceof HTMLInputElement && c.value !== c.defaultValue);
    if (typed.length > 0 || formRef.current?.contains(document.activeElement)) engage();
    const left = typed.filter((c) => c !== document.activeElement);
    if (left.length > 0) show(left);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    engaged,
    messages,
    missing,
    valid: missing.length === 0,
    /** The line under the disabled button: the missing fields by their labels (all of them: a short line instead). */
    missingLine:
      missing.length === 0
        ? null
        : missing.length === REQUIRED.length
          ? copy.missingAll
          : fill(copy.missingHint, {
              fields: listOf(
                missing.map((name) => copy.fields[name].label),
                locale,
              ),
            }),
    suggestion,
    chosen,
    engage,
    edited,
    show,
    switchPrefix,
    phoneCheckReady,
    reject,
    cleared,
    revalidate,
  };
}

export type FieldChecks = ReturnType<typeof useFieldChecks>;

/** The phone's message: what is wrong under the selected code and, when another offered code fits, which. */
function phoneProblem(
  verdict: Extract<PhoneVerdict, { ok: false }>,
  selected: PhonePrefix,
  copy: ContactFormCopy,
  locale: string,
): string {
  const code = `+${verdict.problem === "invalid" ? verdict.prefix : selected}`;
  const problem = verdict.problem === "not-offered" ? copy.phoneNotOffered : fill(copy.phoneInvalid, { code });
  const other = verdict.fits;
  if (!other) return problem;
  const country = countryName(other.country, locale) ?? `+${other.prefix}`;
  return `${problem} ${fill(copy.phoneOtherCountry, { code: `+${other.prefix}`, country })}`;
}
