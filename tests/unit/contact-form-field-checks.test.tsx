// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContactForm } from "@/app/_components/contact-form/contact-form";
import type { FormPreset } from "@/lib/campaign/campaign-content";
import type { Market } from "@/lib/markets/markets";
import { FORM_COPY as copy } from "../support/contact/contact-form-copy";
import { VALID_FORM, type FormValues } from "../support/contact/contact-form-fill";

afterEach(() => {
  cleanup();
  document.body.replaceChildren(); // the server's HTML a test put there itself
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const VALUES: FormValues = { ...VALID_FORM, company: "Importadora del Norte" };
const SELECTS = new Set(["phonePrefix", "country", "reason", "volume"]);

/** The contact form itself (pages get it through a wrapper that only defers its code), in the unit tests' words. */
const form = (market: Market, defaultPhonePrefix: string, preset: Partial<FormPreset> = {}) => (
  <ContactForm
    copy={copy}
    market={market}
    defaultPhonePrefix={defaultPhonePrefix}
    consent={{ market, version: "2025-01", ask: false }}
    preset={preset}
  />
);

// The controls a visitor finds by their labels and the submit button by its name, each looked up once per form
// rendered: these queries walk the whole document, and the tests ask for the same controls again and again.
const found = new Map<string, HTMLElement>();
const once = <T extends HTMLElement>(key: string, find: () => HTMLElement) => {
  const known = found.get(key);
  if (known?.isConnected) return known as T;
  const element = find();
  found.set(key, element);
  return element as T;
};
const field = (name: keyof FormValues) =>
  once<HTMLInputElement | HTMLSelectElement>(name, () => screen.getByLabelText(copy.fields[name].label));
const submitButton = () => once<HTMLButtonElement>("submit", () => screen.getByRole("button", { name: copy.submit }));
/** What is tied to an element by aria-describedby: the line under the button, a field's message. */
const description = (element: Element) => {
  const ids = element.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.length ? ids.map((id) => document.getElementById(id)?.textContent).join(" ") : null;
};
/** The message under a field, as the field announces it (marked invalid, described by it); null when none shows. */
const message = (name: keyof FormValues) => {
  const control = field(name);
  const text = description(control);
  expect(control.getAttribute("aria-invalid")).toBe(text === null ? null : "true");
  return text;
};
/** The box over a select that shows its choice (or its placeholder). */
const shownChoice = (name: keyof FormValues) => field(name).nextElementSibling?.textContent;

/** The visitor types into a field or picks a choice (the input or change event the browser fires). */
const type = (name: keyof FormValues, value: string) => {
  const control = field(name);
  if (SELECTS.has(name)) fireEvent.change(control, { target: { value } });
  else fireEvent.input(control, { target: { value } });
};
/** The visitor goes into a field, then leaves it. */
const enter = (name: keyof FormValues) => act(() => field(name).focus());
const leave = (name: keyof FormValues) => act(() => field(name).blur());
const fillAllBut = (skip: (keyof FormValues)[], values: Partial<FormValues> = {}) => {
  for (const [name, value] of Object.entries({ ...VALUES, ...values }) as [keyof FormValues, string][])
    if (!skip.includes(name)) type(name, value);
};
/** The toaster's live region, mounted (its code loaded) once the visitor engages with the form, as the phone check. */
const toaster = () => screen.queryByRole("region", { name: copy.toasterLabel });
const toasterMounts = () => screen.findByRole("region", { name: copy.toasterLabel });

/** Waits until the phone check's code, which the form loads on the visitor's first engagement, has arrived. */
const checkLoaded = () =>
  act(async () => {
    await import("@/lib/contact/phone-check");
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

/** The route's answers, as /api/contact gives them; the requests the form made to it. */
function routeAnswers(status: number, body: unknown) {
  const fetch = vi.fn(async (url: RequestInfo | URL) =>
    String(url) === "/api/contact"
      ? new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })
      : new Response(null, { status: 404 }),
  );
  vi.stubGlobal("fetch", fetch);
  // A refusal is the form's to show; its warning for the console stays off the report.
  vi.spyOn(console, "warn").mockImplementation(() => {});
  return () => fetch.mock.calls.filter(([url]) => String(url) === "/api/contact");
}

describe("the line under the disabled button", () => {
  it("asks for the whole form while nothing is filled", () => {
    render(form("mx", "52"));
    expect(submitButton().disabled).toBe(true);
    expect(description(submitButton())).toBe(copy.missingAll);
  });

  it("names what is still missing by the fields' labels, in the market's list, as the form is filled", () => {
    render(form("mx", "52"));
    fillAllBut(["email", "volume"]);
    expect(submitButton().disabled).toBe(true);
    expect(description(submitButton())).toBe("Para enviar, completa: correo electrónico y monto mensual aproximado.");
    // An address the email rule refuses is still missing.
    type("email", "ana@empresa");
    expect(description(submitButton())).toBe("Para enviar, completa: correo electrónico y monto mensual aproximado.");
    type("email", "ana@empresa.com");
    expect(description(submitButton())).toBe("Para enviar, completa: monto mensual aproximado.");
    type("volume", "10000-49999");
    expect(submitButton().disabled).toBe(false);
    expect(description(submitButton())).toBeNull();
    expect(document.getElementById("contact-missing")).toBeNull();
  });

  it("on a campaign page, counts its preset country and reason as chosen from the server's HTML, so it never changes as the page hydrates", () => {
    const page = form("mx", "52", { country: "usa", reason: "goods" });
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(page);
    const line =
      "Para enviar, completa: nombre de la empresa, nombre de contacto, correo electrónico, número de teléfono y monto mensual aproximado.";
    const presetShown = ["Estados Unidos", "Importación de mercancías"];
    expect(description(submitButton())).toBe(line);
    expect([shownChoice("country"), shownChoice("reason")]).toEqual(presetShown);

    const changes = new MutationObserver(() => {});
    changes.observe(submitButton().parentElement!, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    render(page, { container, hydrate: true });
    expect(changes.takeRecords()).toEqual([]);
    expect(description(submitButton())).toBe(line);
    expect([shownChoice("country"), shownChoice("reason")]).toEqual(presetShown);
  });

  it("lists in Portuguese on the Brazilian page", () => {
    render(form("br", "55"));
    fillAllBut(["company", "reason"]);
    expect(description(submitButton())).toBe("Para enviar, completa: nombre de la empresa e motivo del pago.");
  });
});

describe("the messages under the fields", () => {
  it("show once the visitor leaves a field, follow it as it is fixed, and go when it is", () => {
    render(form("mx", "52"));
    enter("email");
    type("email", "ana@empresa");
    expect(message("email")).toBeNull();
    leave("email");
    expect(message("email")).toBe(copy.emailInvalid);
    type("email", "ana");
    expect(message("email")).toBe(field("email").validationMessage);
    expect(message("email")).not.toBe(copy.emailInvalid);
    type("email", "ana@empresa.com");
    expect(message("email")).toBeNull();
  });

  it("a refusal from the route marks the fields it names, focuses the first, keeps the values, and lifts as each is edited", async () => {
    const requests = routeAnswers(422, {
      error: "Some fields are invalid",
      fields: { email: "Not a valid email address", phone: "Not a valid number for +1" },
    });
    render(form("mx", "52"));
    fillAllBut([]);
    expect(submitButton().disabled).toBe(false);
    fireEvent.click(submitButton());

    // Under the button: what is now missing, and why the attempt failed.
    await waitFor(() =>
      expect(description(submitButton())).toBe(
        `Para enviar, completa: correo electrónico y número de teléfono. ${copy.errorInvalid}`,
      ),
    );
    expect(requests()).toHaveLength(1);
    expect(message("email")).toBe(copy.invalidField);
    expect(message("phone")).toBe(copy.invalidField);
    expect(document.activeElement).toBe(field("email"));
    expect(submitButton().disabled).toBe(true);
    for (const [name, value] of Object.entries(VALUES)) expect(field(name as keyof FormValues).value).toBe(value);

    type("email", "ana@empresa.com.mx");
    expect(message("email")).toBeNull();
    expect(message("phone")).toBe(copy.invalidField);
    expect(submitButton().disabled).toBe(true);
    expect(description(submitButton())).toBe("Para enviar, completa: número de teléfono.");
  });

  it("a refusal naming no field of the form marks nothing, and says so in the general words", async () => {
    routeAnswers(422, { error: "Some fields are invalid", fields: { fax: "Unknown field" } });
    render(form("mx", "52"));
    fillAllBut([]);
    fireEvent.click(submitButton());

    await waitFor(() => expect(description(submitButton())).toBe(copy.errorMessage));
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    for (const name of Object.keys(VALUES)) expect(message(name as keyof FormValues)).toBeNull();
  });
});

describe("the phone, checked against its prefix once the check has loaded", () => {
  it.each([
    ["mx", "52", "55 1234 5678", "11 2345-6789", "54", "Argentina"],
    ["ar", "52", "55 1234 5678", "11 2345-6789", "54", "Argentina"],
    ["br", "55", "11 2345-6789", "55 1234 5678", "52", "México"],
  ] as const)(
    "/%s: a number that does not fit +%s says so as it is typed and suggests the prefix it fits",
    async (market, prefix, fitting, typed, fits, country) => {
      render(form(market, prefix));
      enter("phone");
      await toasterMounts();
      await checkLoaded();
      type("phone", fitting);
      expect(message("phone")).toBeNull();
      type("phone", typed);
      expect(message("phone")).toBe(`Este número no es válido con el código +${prefix}. ¿Es un número de ${country}?`);
      expect(document.activeElement).toBe(field("phone"));

      const switchTo = screen.getByRole("button", { name: `Usar +${fits}` });
      act(() => switchTo.focus()); // as a tap on it does
      fireEvent.click(switchTo);
      expect(field("phonePrefix").value).toBe(fits);
      expect(shownChoice("phonePrefix")).toBe(`+${fits}`);
      expect(screen.queryByRole("button", { name: `Usar +${fits}` })).toBeNull();
      expect(message("phone")).toBeNull();
      expect(document.activeElement).toBe(field("phone"));
    },
  );

  it("loads on the visitor's first engagement and then checks a number typed before it had", async () => {
    render(form("mx", "52"));
    // Typed before the form's code watched it (no event reached it).
    field("phone").value = "11 2345-6789";
    expect(toaster()).toBeNull();
    enter("company");
    await toasterMounts();
    await screen.findByRole("button", { name: "Usar +54" });
    expect(message("phone")).toContain("+52");
  });

  it("a submission faster than the check's download waits for it, and the number is refused before sending", async () => {
    const requests = routeAnswers(201, {});
    render(form("mx", "52"));
    // Filled and sent in one go: the check starts loading with the first keystroke and has not arrived yet.
    fillAllBut([], { phonePrefix: "52", phone: "11 2345-6789" });
    expect(submitButton().disabled).toBe(false);
    fireEvent.click(submitButton());

    await waitFor(() =>
      expect(message("phone")).toBe("Este número no es válido con el código +52. ¿Es un número de Argentina?"),
    );
    expect(field("phone").validity.valid).toBe(false);
    expect(submitButton().disabled).toBe(true);
    expect(requests()).toHaveLength(0);
  });
});

describe("the selects' shown choices", () => {
  it("follow the selects, and go back to the defaults when the form is cleared after a lead is sent", async () => {
    const requests = routeAnswers(201, {});
    render(form("mx", "52"));
    const defaults = [
      "+52",
      copy.fields.country.placeholder,
      copy.fields.reason.placeholder,
      copy.fields.volume.placeholder,
    ];
    const shown = () => (["phonePrefix", "country", "reason", "volume"] as const).map(shownChoice);
    expect(shown()).toEqual(defaults);
    type("country", "colombia");
    type("phonePrefix", "1");
    expect(shown()).toEqual(["+1", "Colombia", copy.fields.reason.placeholder, copy.fields.volume.placeholder]);

    fillAllBut(["country"]);
    fireEvent.click(submitButton());
    await screen.findByText(copy.successTitle, { selector: "#contact-confirmation-title" });
    expect(requests()).toHaveLength(1);
    expect(shown()).toEqual(defaults);
    expect(field("company").value).toBe("");
  });
});
