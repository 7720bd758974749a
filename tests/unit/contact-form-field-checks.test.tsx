// @vitest-environment happy-dom
import { act, cleanup, render, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PhoneField } from "@/app/_components/contact-form/phone-field";
import { SelectField } from "@/app/_components/contact-form/select-field";
import { TextField } from "@/app/_components/contact-form/text-field";
import { useFieldChecks } from "@/app/_components/contact-form/use-field-checks";
import type { FormPreset } from "@/lib/campaign/campaign-content";
import type { Market } from "@/lib/markets/markets";
import { FORM_COPY as copy } from "../support/contact/contact-form-copy";

afterEach(cleanup);

/**
 * The form's fields (the real components), and the hook over them as the form uses it; `lines` is the line under
 * the button at each render, the first one included.
 */
function renderForm(market: Market, defaultPhonePrefix: string, preset: Partial<FormPreset> = {}) {
  const { container } = render(
    <form>
      {(["company", "contact", "email"] as const).map((name) => (
        <TextField
          key={name}
          name={name}
          label={copy.fields[name].label}
          placeholder={copy.fields[name].placeholder}
          message={undefined}
        />
      ))}
      <PhoneField
        labels={{ phonePrefix: copy.fields.phonePrefix.label, phone: copy.fields.phone.label }}
        placeholder=""
        prefixes={copy.options.phonePrefix}
        defaultPrefix={defaultPhonePrefix}
        chosenPrefix={defaultPhonePrefix}
        message={undefined}
        suggestion={null}
        usePrefix={copy.phoneUsePrefix}
        onSwitch={() => {}}
      />
      {(["country", "reason", "volume"] as const).map((name) => (
        <SelectField
          key={name}
          name={name}
          label={copy.fields[name].label}
          placeholder={copy.fields[name].placeholder}
          options={copy.options[name]}
          chosen={undefined}
          message={undefined}
          defaultValue={name === "volume" ? "" : (preset[name] ?? "")}
        />
      ))}
    </form>,
  );
  const form = container.querySelector("form")!;
  const lines: (string | null)[] = [];
  const hook = renderHook(() => {
    const checks = useFieldChecks({ current: form }, { copy, market, defaultPhonePrefix, preset });
    lines.push(checks.missingLine);
    return checks;
  });
  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
  /** The visitor sets a value: the input (or change) event the form passes to the hook. */
  const type = (name: string, value: string) =>
    act(() => {
      control(name).value = value;
      hook.result.current.edited(control(name));
    });
  /** The visitor leaves a field: its message shows. */
  const leave = (name: string) => act(() => hook.result.current.show([control(name)]));
  const fillAllBut = (skip: string[]) => {
    const values = {
      company: "Importadora del Norte",
      contact: "Ana Pérez",
      email: "ana@empresa.com",
      phonePrefix: "1",
      phone: "(201) 555-0123",
      country: "usa",
      reason: "goods",
      volume: "10000-49999",
    };
    for (const [name, value] of Object.entries(values)) if (!skip.includes(name)) type(name, value);
  };
  /** The message shown under a field, if any (an empty one is not shown). */
  const shown = (name: string) => hook.result.current.messages[name] || null;
  return { form, control, type, leave, fillAllBut, shown, lines, checks: () => hook.result.current };
}

describe("the line under the disabled button", () => {
  it("asks for the whole form while nothing is filled", () => {
    const { checks } = renderForm("mx", "52");
    expect(checks().valid).toBe(false);
    expect(checks().missingLine).toBe(copy.missingAll);
  });

  it("names what is still missing by the fields' labels, in the market's list, as the form is filled", () => {
    const { checks, type, fillAllBut } = renderForm("mx", "52");
    fillAllBut(["email", "volume"]);
    expect(checks().missing).toEqual(["email", "volume"]);
    expect(checks().missingLine).toBe("Para enviar, completa: correo electrónico y monto mensual aproximado.");
    // An address the email rule refuses is still missing.
    type("email", "ana@empresa");
    expect(checks().missing).toEqual(["email", "volume"]);
    type("email", "ana@empresa.com");
    expect(checks().missingLine).toBe("Para enviar, completa: monto mensual aproximado.");
    type("volume", "10000-49999");
    expect(checks().valid).toBe(true);
    expect(checks().missingLine).toBeNull();
  });

  it("on a campaign page, counts its preset country and reason as chosen from the first render, so it never changes as the page hydrates", () => {
    const { checks, lines } = renderForm("mx", "52", { country: "usa", reason: "goods" });
    expect(checks().missing).toEqual(["company", "contact", "email", "phone", "volume"]);
    expect(checks().chosen).toMatchObject({ country: "usa", reason: "goods" });
    expect(new Set(lines)).toEqual(new Set([checks().missingLine]));
    expect(checks().missingLine).not.toBe(copy.missingAll);
  });

  it("lists in Portuguese on the Brazilian page", () => {
    const { checks, fillAllBut } = renderForm("br", "55");
    fillAllBut(["company", "reason"]);
    expect(checks().missingLine).toBe("Para enviar, completa: nombre de la empresa e motivo del pago.");
  });
});

describe("the messages under the fields", () => {
  it("show once the visitor leaves a field, follow it as it is fixed, and go when it is", () => {
    const { shown, type, leave, control } = renderForm("mx", "52");
    type("email", "ana@empresa");
    expect(shown("email")).toBeNull();
    leave("email");
    expect(shown("email")).toBe(copy.emailInvalid);
    type("email", "ana");
    expect(shown("email")).toBe(control("email").validationMessage);
    type("email", "ana@empresa.com");
    expect(shown("email")).toBeNull();
  });

  it("a refusal from the route marks the fields it names, focuses the first, and lifts as each is edited", () => {
    const { checks, shown, type, control, fillAllBut } = renderForm("mx", "52");
    fillAllBut([]);
    let marked = false;
    act(() => {
      marked = checks().reject({ email: "Not a valid email address", phone: "Not a valid number for +1" });
      checks().revalidate(); // as the form does once an attempt is over
    });
    expect(marked).toBe(true);
    expect(checks().messages).toMatchObject({ email: copy.invalidField, phone: copy.invalidField });
    expect(document.activeElement).toBe(control("email"));
    expect(checks().valid).toBe(false);
    type("email", "ana@empresa.com.mx");
    expect(shown("email")).toBeNull();
    expect(checks().missing).toEqual(["phone"]);
  });

  it("a refusal naming no field of the form marks nothing", () => {
    const { checks } = renderForm("mx", "52");
    let marked = true;
    act(() => {
      marked = checks().reject({ fax: "Unknown field" });
    });
    expect(marked).toBe(false);
    expect(checks().messages).toEqual({});
  });
});

describe("the phone, checked against its prefix once the check has loaded", () => {
  it.each([
    ["mx", "52", "11 2345-6789", "54", "Argentina"],
    ["ar", "52", "11 2345-6789", "54", "Argentina"],
    ["br", "55", "55 1234 5678", "52", "México"],
  ] as const)(
    "/%s: a number that does not fit +%s says so at once and suggests the prefix it fits",
    async (market, prefix, typed, fits, country) => {
      const { checks, shown, type, control } = renderForm(market, prefix);
      act(() => checks().engage());
      expect(checks().engaged).toBe(true);
      await act(() => checks().phoneCheckReady());
      type("phone", typed);
      expect(checks().suggestion).toMatchObject({ prefix: fits });
      expect(shown("phone")).toBe(`Este número no es válido con el código +${prefix}. ¿Es un número de ${country}?`);

      act(() => checks().switchPrefix(fits));
      expect(control("phonePrefix").value).toBe(fits);
      expect(checks().chosen.phonePrefix).toBe(fits);
      expect(checks().suggestion).toBeNull();
      expect(shown("phone")).toBeNull();
      expect(document.activeElement).toBe(control("phone"));
    },
  );

  it("loads on the visitor's first engagement and then checks a number typed before it had", async () => {
    const { checks, shown, control } = renderForm("mx", "52");
    expect(checks().engaged).toBe(false);
    act(() => {
      control("phone").value = "11 2345-6789";
    });
    act(() => checks().engage());
    await waitFor(() => expect(checks().suggestion).toMatchObject({ prefix: "54" }));
    expect(shown("phone")).toContain("+52");
  });

  it("a submission faster than the check's download waits for it, and the number is refused before sending", async () => {
    const { form, control, checks } = renderForm("mx", "52");
    control("phone").value = "11 2345-6789";
    await act(() => checks().phoneCheckReady());
    expect(control("phone").validity.valid).toBe(false);
    expect(form.checkValidity()).toBe(false);
  });
});

describe("the selects' shown choices", () => {
  it("follow the selects, and go back to the defaults after the form is reset", () => {
    const { form, checks, type } = renderForm("mx", "52");
    expect(checks().chosen).toEqual({ phonePrefix: "52", country: "", reason: "", volume: "" });
    type("country", "colombia");
    type("phonePrefix", "1");
    expect(checks().chosen).toMatchObject({ phonePrefix: "1", country: "colombia" });
    act(() => {
      form.reset();
      checks().cleared();
    });
    expect(checks().chosen).toEqual({ phonePrefix: "52", country: "", reason: "", volume: "" });
  });
});
