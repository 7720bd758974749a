import type { Locator, Page } from "@playwright/test";
import { randomInt } from "node:crypto";

/** What a visitor types and picks in the contact form, by control name (the phone as they would type it). */
export type FormValues = {
  company: string;
  contact: string;
  email: string;
  phonePrefix: string;
  phone: string;
  country: string;
  reason: string;
  volume: string;
};

/** A valid lead from a US number: valid under every market's page, whatever prefix the page picks first. */
export const VALID_FORM: Omit<FormValues, "company"> = {
  contact: "Ana Pérez",
  email: "ana@example.com",
  phonePrefix: "1",
  phone: "(201) 555-0123",
  country: "usa",
  reason: "goods",
  volume: "10000-49999",
};

const SELECTS = new Set<keyof FormValues>(["phonePrefix", "country", "reason", "volume"]);

/**
 * Fills the contact form as a visitor would, control by control in the page's order: `values` over VALID_FORM,
 * leaving out the controls named in `skip`. `scope` is the page or the form's locator.
 */
export async function fillContactForm(
  scope: Page | Locator,
  values: Partial<FormValues> & { company: string },
  skip: (keyof FormValues)[] = [],
): Promise<void> {
  const all: FormValues = { ...VALID_FORM, ...values };
  for (const name of Object.keys(all) as (keyof FormValues)[]) {
    if (skip.includes(name)) continue;
    const control = scope.locator(`[name="${name}"]`);
    if (SELECTS.has(name)) await control.selectOption(all[name]);
    else await control.fill(all[name]);
  }
}

/**
 * Makes the page's requests come from a new client address (the test servers read X-Real-IP), so the contact rate
 * limit of one test never answers for another. Returns the address.
 */
export async function asNewClient(page: Page): Promise<string> {
  const ip = `10.${randomInt(250)}.${randomInt(250)}.${randomInt(250)}`;
  await page.setExtraHTTPHeaders({ "x-real-ip": ip });
  return ip;
}
