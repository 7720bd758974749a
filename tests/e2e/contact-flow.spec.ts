import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { MARKETS, type Market } from "../../lib/markets/markets";
import { seedLanding } from "../support/seed";
import { E2E_HOSTS } from "../support/e2e-hosts";

const SUBMIT: Record<Market, string> = { mx: "Enviar solicitud", br: "Enviar solicitação", ar: "Enviar solicitud" };
const SUCCESS: Record<Market, [string, string]> = {
  mx: ["Solicitud recibida", "Nos pondremos en contacto contigo pronto."],
  br: ["Solicitação recebida", "Entraremos em contato em breve."],
  ar: ["Solicitud recibida", "Nos pondremos en contacto contigo pronto."],
};
const PREFIX: Record<Market, string> = { mx: "52", br: "55", ar: "52" };

/** Each test is its own client for the rate limiter. */
async function asNewClient(page: Page) {
  const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  await page.setExtraHTTPHeaders({ "x-real-ip": ip });
}

async function fill(page: Page, company: string, email = "ana@example.com") {
  await page.locator('[name="company"]').fill(company);
  await page.locator('[name="contact"]').fill("Ana Pérez");
  await page.locator('[name="email"]').fill(email);
  await page.locator('[name="phonePrefix"]').selectOption("1");
  await page.locator('[name="phone"]').fill("555 123-4567");
  await page.locator('[name="country"]').selectOption("colombia");
  await page.locator('[name="reason"]').selectOption("contractors");
  await page.locator('[name="volume"]').selectOption("100000-plus");
}

for (const market of MARKETS) {
  test(`/${market}: a lead is submitted, acknowledged in the market's language, and the form resets`, async ({ page }) => {
    await asNewClient(page);
    await page.goto(`/${market}`);
    await fill(page, `Flow ${market} ${randomUUID()}`);
    const submit = page.getByRole("button", { name: SUBMIT[market] });
    await expect(submit).toBeEnabled();

    // Hold the request so the pending state can be seen; the real handler still answers it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.continue();
    });
    const posted = page.waitForRequest("**/api/contact");
    await submit.click();
    const request = await posted;
    await expect(page.locator('#contact-form button[type="submit"]')).toHaveText("…");
    await expect(page.locator('#contact-form button[type="submit"]')).toBeDisabled();
    release();

    const body = request.postDataJSON() as Record<string, string>;
    expect(body).toMatchObject({ phonePrefix: "1", phone: "555 123-4567", country: "colombia", reason: "contractors", volume: "100000-plus" });
    expect(body.submissionId).toMatch(/^[0-9a-f-]{36}$/);

    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toContainText(SUCCESS[market][0]);
    await expect(toast).toContainText(SUCCESS[market][1]);
    await expect(toast).toHaveAttribute("data-type", "success");

    await expect(page.locator('[name="company"]')).toHaveValue("");
    await expect(page.locator('[name="volume"]')).toHaveValue("");
    await expect(page.locator('[name="phonePrefix"]')).toHaveValue(PREFIX[market]);
    await expect(submit).toBeDisabled();
  });
}

test("a field the server rejects is focused and marked invalid, and every value is kept", async ({ page }) => {
  await asNewClient(page);
  await page.goto("/mx");
  const doc = seedLanding("mx");
  // The browser accepts "ana@intranet" as an email; the server's stricter check names the field.
  await fill(page, "Rejected Co", "ana@intranet");
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toHaveAttribute("data-type", "error");
  await expect(toast).toContainText(doc.contact.errorTitle);
  const email = page.locator('[name="email"]');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator('[name="company"]')).toHaveValue("Rejected Co");
  await expect(page.locator('[name="volume"]')).toHaveValue("100000-plus");
  // Editing the field clears the server's verdict.
  await email.fill("ana@example.com");
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("button", { name: "Enviar solicitud" })).toBeEnabled();
});

test.describe("Supabase mode: faults of the store and of the conversion function", () => {
  test.use({ baseURL: E2E_HOSTS.supabase });
  const FAKE = E2E_HOSTS.fakeSupabase;
  const control = (mode: Record<string, unknown>) => fetch(`${FAKE}/__control/mode`, { method: "POST", body: JSON.stringify(mode) });
  const rowsFor = async (company: string) => ((await (await fetch(`${FAKE}/__control/rows`)).json()) as { company: string }[]).filter((r) => r.company === company);
  const doc = seedLanding("mx");

  test.afterEach(() => control({ rest: "ok", functions: "ok" }));

  for (const fault of [{ rest: "down" }, { rest: "slow", slowMs: 1_500 }, { rest: "refuse" }]) {
    test(`store ${fault.rest}: error toast, values kept; the retry after recovery stores exactly one row`, async ({ page }) => {
      test.setTimeout(60_000);
      await asNewClient(page);
      await page.goto("/mx");
      const company = `Fault ${fault.rest} ${randomUUID()}`;
      await fill(page, company);
      await control(fault);
      const submit = page.getByRole("button", { name: "Enviar solicitud" });
      await submit.click();
      const error = page.locator('[data-sonner-toast][data-type="error"]');
      await expect(error).toContainText(doc.contact.errorTitle, { timeout: 15_000 });
      await expect(error).toContainText(doc.contact.errorMessage);
      await expect(page.locator('[name="company"]')).toHaveValue(company);
      await expect(page.locator('[name="volume"]')).toHaveValue("100000-plus");
      await expect(submit).toBeEnabled();

      await control({ rest: "ok" });
      await submit.click();
      await expect(page.locator('[data-sonner-toast][data-type="success"]')).toContainText("Solicitud recibida");
      await expect(page.locator('[name="company"]')).toHaveValue("");
      expect(await rowsFor(company)).toHaveLength(1);
    });
  }

  test("a failing conversion function does not affect the visitor: the lead is stored and acknowledged", async ({ page }) => {
    await asNewClient(page);
    await control({ functions: "down" });
    await page.goto("/mx");
    const company = `Conversion down ${randomUUID()}`;
    await fill(page, company);
    await page.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(page.locator('[data-sonner-toast][data-type="success"]')).toContainText("Solicitud recibida");
    expect(await rowsFor(company)).toHaveLength(1);
    // The function was called (and failed) after the response.
    await expect
      .poll(async () => ((await (await fetch(`${FAKE}/__control/requests`)).json()) as { path: string; body: { customData?: { company?: string } } }[]).some((r) => r.path === "/functions/v1/meta-conversion" && r.body?.customData?.company === company))
      .toBe(true);
  });
});
