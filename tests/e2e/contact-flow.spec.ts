import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { MARKETS, type Market } from "../../lib/markets/markets";
import { seedLanding } from "../support/sanity/seed";
import { consentAnswer } from "../support/browser/consent-answer";
import { E2E_HOSTS, E2E_PIXEL_ID } from "../../scripts/lib/e2e-hosts";
import { interceptMeta } from "../support/meta/fake-pixel";
import { asNewClient, fillContactForm } from "../support/contact/contact-form-fill";
import { setSupabaseFaults, storedLeadsOf } from "../support/supabase/fake-supabase-faults";

const SUBMIT: Record<Market, string> = { mx: "Enviar solicitud", br: "Enviar solicitação", ar: "Enviar solicitud" };
const SUCCESS: Record<Market, [string, string]> = {
  mx: ["Solicitud recibida", "Nos pondremos en contacto contigo pronto."],
  br: ["Solicitação recebida", "Entraremos em contato em breve."],
  ar: ["Solicitud recibida", "Nos vamos a poner en contacto con vos pronto."],
};
const PREFIX: Record<Market, string> = { mx: "52", br: "55", ar: "52" };

/** A lead to Colombia of the largest volume, from a US number (valid under every market's prefixes). */
const fill = (page: Page, company: string, email = "ana@example.com") =>
  fillContactForm(page, { company, email, country: "colombia", reason: "contractors", volume: "100000-plus" });

for (const market of MARKETS) {
  test(`/${market}: a lead is submitted, acknowledged in the market's language, and the form resets`, async ({
    page,
  }) => {
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
    expect(body).toMatchObject({
      phonePrefix: "1",
      phone: "(201) 555-0123",
      country: "colombia",
      reason: "contractors",
      volume: "100000-plus",
    });
    expect(body.submissionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

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

const PHONES: Record<Market, [prefix: string, typed: string, storedPrefix: string, stored: string, e164: string][]> = {
  mx: [
    ["52", "+52 55 1234 5678", "52", "5512345678", "+525512345678"],
    ["52", "55.1234.5678", "52", "5512345678", "+525512345678"],
  ],
  br: [["55", "(11) 98765-4321", "55", "11987654321", "+5511987654321"]],
  ar: [
    ["54", "011 15 1234-5678", "54", "91112345678", "+5491112345678"],
    ["54", "+54 9 11 1234-5678", "54", "91112345678", "+5491112345678"],
  ],
};

for (const market of MARKETS) {
  test.describe(`/${market}, as a visitor types`, () => {
    test.use({ baseURL: E2E_HOSTS.supabase });

    for (const [prefix, typed, storedPrefix, stored, e164] of PHONES[market]) {
      test(`the phone ${JSON.stringify(typed)} (prefix ${prefix}) can be sent and is stored as ${e164}`, async ({
        page,
      }) => {
        await asNewClient(page);
        await page.goto(`/${market}`);
        const company = `Phone ${market} ${randomUUID()}`;
        await fill(page, company);
        await page.locator('[name="phonePrefix"]').selectOption(prefix);
        await page.locator('[name="phone"]').fill(typed);
        await page.getByRole("button", { name: SUBMIT[market] }).click();
        await expect(page.locator('[data-sonner-toast][data-type="success"]')).toContainText(SUCCESS[market][0]);
        const rows = await storedLeadsOf(company);
        expect(rows).toEqual([
          expect.objectContaining({ phone_prefix: storedPrefix, phone: stored, phone_e164: e164 }),
        ]);
      });
    }

    test("a field left invalid shows the browser's own message under it, tied to it and styled invalid", async ({
      page,
    }) => {
      await page.goto(`/${market}`);
      const email = page.locator('[name="email"]');
      await email.fill("ana");
      await expect(page.locator("#contact-email-message")).toHaveCount(0);
      await email.press("Tab");
      const native = await email.evaluate((el: HTMLInputElement) => el.validationMessage);
      expect(native).not.toBe("");
      const message = page.locator("#contact-email-message");
      await expect(message).toHaveText(native);
      await expect(message).toBeVisible();
      await expect(email).toHaveAttribute("aria-describedby", "contact-email-message");
      await expect(email).toHaveAttribute("aria-invalid", "true");
      expect(await email.evaluate((el) => el.matches(":user-invalid"))).toBe(true);
      expect(await email.evaluate((el) => getComputedStyle(el).borderColor)).toBe("rgb(180, 35, 24)");
      // A field left empty says so too.
      await page.locator('[name="company"]').focus();
      await page.locator('[name="company"]').press("Tab");
      await expect(page.locator("#contact-company-message")).toHaveText(
        await page.locator('[name="company"]').evaluate((el: HTMLInputElement) => el.validationMessage),
      );
      // Fixed, the message goes.
      await email.fill("ana@example.com");
      await expect(message).toHaveCount(0);
      await expect(email).not.toHaveAttribute("aria-describedby");
    });
  });
}

test.describe("with a Meta pixel: the browser's Lead and the server event share the submission id", () => {
  test.use({ baseURL: E2E_HOSTS.supabase });
  const FAKE = E2E_HOSTS.fakeSupabase;

  for (const market of MARKETS) {
    test(`/${market}: Lead with {eventID: submission id} on success, the same id as the conversion sent for Meta`, async ({
      page,
    }) => {
      await asNewClient(page);
      // The visitor accepted tracking on an earlier visit: the pixel runs and Meta's ids may reach the server.
      await page.context().addCookies([consentAnswer(market, "granted", E2E_HOSTS.supabase)]);
      const meta = await interceptMeta(page);
      const hits = () =>
        meta.filter((r) => r.url().startsWith("https://www.facebook.com/tr")).map((r) => new URL(r.url()).searchParams);
      await page.goto(`/${market}?utm_source=facebook&fbclid=IwAR_e2e_${market}`);
      await expect
        .poll(() => hits().map((h) => h.get("ev")))
        .toEqual(expect.arrayContaining(["PageView", "InitiateCheckout"]));
      expect(hits().every((h) => h.get("id") === E2E_PIXEL_ID)).toBe(true);

      const company = `Pixel ${market} ${randomUUID()}`;
      await fill(page, company);
      const posted = page.waitForRequest("**/api/contact");
      await page.getByRole("button", { name: SUBMIT[market] }).click();
      const { submissionId } = (await posted).postDataJSON() as { submissionId: string };
      await expect(page.locator('[data-sonner-toast][data-type="success"]')).toContainText(SUCCESS[market][0]);
      await expect
        .poll(() =>
          hits()
            .filter((h) => h.get("ev") === "Lead")
            .map((h) => h.get("eid")),
        )
        .toEqual([submissionId]);

      // The server side: the conversion the site sent the meta-conversion function for this lead.
      type Call = { path: string; body: Record<string, unknown> & { customData?: { company?: string } } };
      const conversion = async () =>
        ((await (await fetch(`${FAKE}/__control/requests`)).json()) as Call[]).find(
          (r) => r.path === "/functions/v1/meta-conversion" && r.body?.customData?.company === company,
        );
      await expect.poll(conversion).toBeTruthy();
      const { body } = (await conversion())!;
      expect(body.eventId).toBe(submissionId);
      expect(body).toMatchObject({
        eventName: "Lead",
        market,
        eventSourceUrl: `${E2E_HOSTS.supabase}/${market}?utm_source=facebook&fbclid=IwAR_e2e_${market}`,
        clientUserAgent: await page.evaluate(() => navigator.userAgent),
        userData: { email: "ana@example.com", phone: "+12015550123", country: "colombia" },
      });
      expect(body.fbc).toMatch(new RegExp(`^fb\\.1\\.\\d{13}\\.IwAR_e2e_${market}$`));
    });
  }
});

test.describe("Supabase mode: faults of the store and of the conversion function", () => {
  test.use({ baseURL: E2E_HOSTS.supabase });
  const doc = seedLanding("mx");

  test.afterEach(() => setSupabaseFaults({ rest: "ok", functions: "ok" }));

  // The store down is tested in every market by contact-form.spec.ts ("Supabase mode: the store is down").
  for (const fault of [{ rest: "slow", slowMs: 1_500 }, { rest: "refuse" }] as const) {
    test(`store ${fault.rest}: error toast, values kept; the retry after recovery stores exactly one row`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await asNewClient(page);
      await page.goto("/mx");
      const company = `Fault ${fault.rest} ${randomUUID()}`;
      await fill(page, company);
      await setSupabaseFaults(fault);
      const submit = page.getByRole("button", { name: "Enviar solicitud" });
      await submit.click();
      const error = page.locator('[data-sonner-toast][data-type="error"]');
      await expect(error).toContainText(doc.contact.errorTitle, { timeout: 15_000 });
      await expect(error).toContainText(doc.contact.errorMessage);
      await expect(page.locator('[name="company"]')).toHaveValue(company);
      await expect(page.locator('[name="volume"]')).toHaveValue("100000-plus");
      await expect(submit).toBeEnabled();

      await setSupabaseFaults({ rest: "ok" });
      await submit.click();
      await expect(page.locator('[data-sonner-toast][data-type="success"]')).toContainText("Solicitud recibida");
      await expect(page.locator('[name="company"]')).toHaveValue("");
      expect(await storedLeadsOf(company)).toHaveLength(1);
    });
  }

  test("a value changed after a failed attempt is a new submission; the unchanged retry keeps its id", async ({
    page,
  }) => {
    await asNewClient(page);
    await page.goto("/mx");
    const company = `Edited ${randomUUID()}`;
    await fill(page, company);
    const ids: string[] = [];
    page.on(
      "request",
      (r) => r.url().endsWith("/api/contact") && ids.push((r.postDataJSON() as { submissionId: string }).submissionId),
    );
    await setSupabaseFaults({ rest: "down" });
    const submit = page.getByRole("button", { name: "Enviar solicitud" });
    for (let attempt = 0; attempt < 2; attempt++) {
      const answered = page.waitForResponse("**/api/contact");
      await submit.click();
      expect((await answered).status()).toBe(503);
      await expect(submit).toBeEnabled();
    }
    await setSupabaseFaults({ rest: "ok" });
    await page.locator('[name="company"]').fill(`${company} SA`);
    await submit.click();
    await expect(page.locator('[data-sonner-toast][data-type="success"]')).toBeVisible();
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(await storedLeadsOf(`${company} SA`)).toEqual([expect.objectContaining({ id: ids[2] })]);
    expect(await storedLeadsOf(company)).toEqual([]);
  });

  test("a failing conversion function does not affect the visitor: the lead is stored and acknowledged", async ({
    page,
  }) => {
    await asNewClient(page);
    await setSupabaseFaults({ functions: "down" });
    await page.goto("/mx");
    const company = `Conversion down ${randomUUID()}`;
    await fill(page, company);
    await page.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(page.locator('[data-sonner-toast][data-type="success"]')).toContainText("Solicitud recibida");
    expect(await storedLeadsOf(company)).toHaveLength(1);
    // The function was called (and failed) after the response.
    await expect
      .poll(async () =>
        (
          (await (await fetch(`${E2E_HOSTS.fakeSupabase}/__control/requests`)).json()) as {
            path: string;
            body: { customData?: { company?: string } };
          }[]
        ).some((r) => r.path === "/functions/v1/meta-conversion" && r.body?.customData?.company === company),
      )
      .toBe(true);
  });
});
