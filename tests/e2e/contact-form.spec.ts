import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { contactRequestSchema } from "../../lib/contact/contact-schema";
import { MARKETS, type Market } from "../../lib/markets/markets";
import { validContactRequest } from "../support/contact/contact-request";
import { E2E_HOSTS } from "../../scripts/lib/e2e-hosts";
import { EMAILS } from "../support/contact/email-addresses";
import { seedLanding } from "../support/sanity/seed";
import { asNewClient, fillContactForm, type FormValues } from "../support/contact/contact-form-fill";
import { proofFrom } from "../../scripts/lib/solve-proof";
import { setSupabaseFaults, storedLeadsOf } from "../support/supabase/fake-supabase-faults";

// What a visitor meets filling the form, in each market: the phone checked as typed, the line under the disabled
// button, each failure in its own words, the confirmation that stays, and what screen readers hear.

const LOCALE: Record<Market, string> = { mx: "es-MX", br: "pt-BR", ar: "es-AR" };
/** A number typed on each market's page that does not fit the default prefix, and the offered one it fits. */
const OTHER_COUNTRY: Record<Market, { typed: string; prefix: string; country: string; national: string }> = {
  mx: { typed: "11 2345-6789", prefix: "54", country: "Argentina", national: "1123456789" }, // Buenos Aires, under +52
  ar: { typed: "11 2345-6789", prefix: "54", country: "Argentina", national: "1123456789" },
  br: { typed: "55 1234 5678", prefix: "52", country: "México", national: "5512345678" }, // Mexico City, under +55
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");
const lower = (label: string) => label.charAt(0).toLocaleLowerCase() + label.slice(1);

/** Fills every control but those in `skip` with a valid lead under a new company name, which it returns. */
async function fillAllBut(page: Page, skip: (keyof FormValues)[] = []) {
  const company = `Form ${randomUUID()}`;
  await fillContactForm(page, { company, email: "ana@empresa.com", reason: "services", volume: "5000-9999" }, skip);
  return company;
}

const submitButton = (page: Page) => page.locator('#contact-form button[type="submit"]');

async function expectNoAxeViolations(page: Page, state: string) {
  // A toast still fading in has the contrast of its opacity: check what the visitor reads once it has settled.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).include("#contact-form").analyze();
  expect(
    results.violations.map((v) => `${state}: ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

for (const market of MARKETS) {
  const doc = seedLanding(market);
  const copy = doc.contact;

  test.describe(`/${market}: the form guides a visitor to a sent lead`, () => {
    test("a number from another offered country is flagged as typed, and the one-tap switch makes the form sendable", async ({
      page,
    }) => {
      const other = OTHER_COUNTRY[market];
      await asNewClient(page);
      await page.goto(`${E2E_HOSTS.supabase}/${market}`);
      const company = await fillAllBut(page, ["phonePrefix", "phone"]);
      const prefix = page.locator('[name="phonePrefix"]');
      await expect(prefix).toHaveValue(doc.defaultPhonePrefix);
      const phone = page.locator('[name="phone"]');
      await phone.fill(other.typed);
      // Before leaving the field or submitting: the number does not exist under the default code, and says where it
      // does.
      const message = page.locator("#contact-phone-message");
      await expect(message).toContainText(fill(copy.phoneInvalid, { code: `+${doc.defaultPhonePrefix}` }));
      await expect(message).toContainText(
        fill(copy.phoneOtherCountry, { code: `+${other.prefix}`, country: other.country }),
      );
      await expect(phone).toHaveAttribute("aria-invalid", "true");
      await expect(phone).toHaveAttribute("aria-describedby", "contact-phone-message");
      await expect(submitButton(page)).toBeDisabled();
      await expect(page.locator("#contact-missing")).toHaveText(
        fill(copy.missingHint, { fields: lower(copy.fields.phone.label) }),
      );

      await page.getByRole("button", { name: fill(copy.phoneUsePrefix, { code: `+${other.prefix}` }) }).click();
      await expect(prefix).toHaveValue(other.prefix);
      await expect(message).toHaveCount(0);
      await expect(phone).toBeFocused();
      await expect(submitButton(page)).toBeEnabled();
      await submitButton(page).click();
      await expect(page.getByRole("group", { name: copy.successTitle })).toBeVisible();
      const rows = await storedLeadsOf(company);
      expect(rows).toEqual([expect.objectContaining({ phone_prefix: other.prefix, phone: other.national })]);
    });

    test("the line under the disabled button names what is missing, by the fields' labels, as the form is filled", async ({
      page,
    }) => {
      await page.goto(`/${market}`);
      const hint = page.locator("#contact-missing");
      const submit = submitButton(page);
      await expect(submit).toBeDisabled();
      await expect(hint).toHaveText(copy.missingAll);
      await expect(submit).toHaveAttribute("aria-describedby", "contact-missing");
      // The button at rest is the page's call to action in the brand's blue, not a grey block.
      const [red, , blue] = await submit.evaluate((el) => {
        const context = document.createElement("canvas").getContext("2d")!;
        context.fillStyle = getComputedStyle(el).backgroundColor;
        context.fillRect(0, 0, 1, 1);
        return [...context.getImageData(0, 0, 1, 1).data];
      });
      expect(blue! - red!).toBeGreaterThan(100);

      await fillAllBut(page, ["email", "volume"]);
      const list = new Intl.ListFormat(LOCALE[market], { type: "conjunction" }).format([
        lower(copy.fields.email.label),
        lower(copy.fields.volume.label),
      ]);
      await expect(hint).toHaveText(fill(copy.missingHint, { fields: list }));
      await page.locator('[name="email"]').fill("ana@empresa");
      await expect(hint).toHaveText(fill(copy.missingHint, { fields: list }));
      await page.locator('[name="email"]').fill("ana@empresa.com");
      await expect(hint).toHaveText(fill(copy.missingHint, { fields: lower(copy.fields.volume.label) }));

      // Another part of the page may choose the range for the visitor: a value set by script and a bubbling change.
      await page.evaluate(() => {
        const volume = document.querySelector<HTMLSelectElement>("#contact-volume")!;
        volume.value = "10000-49999";
        volume.dispatchEvent(new Event("change", { bubbles: true }));
      });
      await expect(submit).toBeEnabled();
      await expect(hint).toHaveCount(0);
      await expect(submit).not.toHaveAttribute("aria-describedby");
    });

    test("while sending, the ellipsis stays on screen and screen readers hear what it means", async ({ page }) => {
      await asNewClient(page);
      await page.goto(`/${market}`);
      await fillAllBut(page);
      await page.route("**/api/contact", () => {}); // held: never answered
      await submitButton(page).click();
      const sending = page.getByRole("button", { name: copy.submittingLabel, exact: true });
      await expect(sending).toBeDisabled();
      await expect(sending).toHaveText(copy.submitting);
      await expectNoAxeViolations(page, "sending");
    });

    test("a refused field: the fields are marked, the first takes focus, and the words say so", async ({ page }) => {
      await page.goto(`/${market}`);
      const company = await fillAllBut(page);
      await page.route("**/api/contact", (route) =>
        route.fulfill({
          status: 422,
          json: {
            error: "Some fields are invalid",
            fields: { email: "Not a valid email address", phone: "Not a valid number for +1" },
          },
        }),
      );
      await submitButton(page).click();
      const toast = page.locator('[data-sonner-toast][data-type="error"]');
      await expect(toast).toContainText(copy.errorTitle);
      await expect(toast).toContainText(copy.errorInvalid);
      const email = page.locator('[name="email"]');
      await expect(email).toBeFocused();
      for (const name of ["email", "phone"]) {
        await expect(page.locator(`[name="${name}"]`)).toHaveAttribute("aria-invalid", "true");
        await expect(page.locator(`#contact-${name}-message`)).toHaveText(copy.invalidField);
      }
      await expect(page.locator("#contact-failure")).toHaveText(copy.errorInvalid);
      await expect(page.locator('[name="company"]')).toHaveValue(company);
      await expectNoAxeViolations(page, "failed");
      // Editing a field lifts the server's verdict on it; the button waits for the other one.
      await email.fill("ana@empresa.com.mx");
      await expect(email).not.toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#contact-email-message")).toHaveCount(0);
      await expect(page.locator("#contact-failure")).toHaveCount(0);
      await expect(submitButton(page)).toBeDisabled();
      await page.locator('[name="phone"]').fill("(201) 555-0124");
      await expect(submitButton(page)).toBeEnabled();
    });

    test("too many attempts: the wait in minutes from Retry-After, in the market's words", async ({ page }) => {
      const ip = await asNewClient(page);
      await page.goto(`/${market}`);
      await fillAllBut(page);
      // The same visitor has used up the limit (5 leads a minute in these tests) from another tab.
      const origin = E2E_HOSTS.embedded;
      for (let i = 0; i < 5; i++) {
        const proof = await proofFrom(origin, { "x-real-ip": ip });
        const sent = await fetch(`${origin}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", origin, "x-real-ip": ip },
          body: JSON.stringify(validContactRequest({ proof })),
        });
        expect(sent.status).toBe(201);
      }
      const answered = page.waitForResponse("**/api/contact");
      await submitButton(page).click();
      const response = await answered;
      expect(response.status()).toBe(429);
      const minutes = Math.max(1, Math.ceil(Number(response.headers()["retry-after"]) / 60));
      const unit = new Intl.NumberFormat(LOCALE[market], { style: "unit", unit: "minute", unitDisplay: "long" }).format(
        minutes,
      );
      const text = fill(copy.errorRateLimited, { minutes: unit });
      const toast = page.locator('[data-sonner-toast][data-type="error"]');
      await expect(toast).toContainText(copy.errorTitle);
      await expect(toast).toContainText(text);
      await expect(page.locator("#contact-failure")).toHaveText(text);
      await expect(submitButton(page)).toBeEnabled();
      await expect(submitButton(page)).toHaveAttribute("aria-describedby", "contact-failure");
    });

    test("a success is confirmed in the form, focused, still there after the toast is gone, until the form is edited", async ({
      page,
    }) => {
      await asNewClient(page);
      await page.clock.install();
      await page.goto(`/${market}`);
      await fillAllBut(page);
      await submitButton(page).click();
      const confirmation = page.getByRole("group", { name: copy.successTitle });
      await expect(confirmation).toBeFocused();
      await expect(confirmation).toContainText(copy.successMessage);
      await expect(confirmation).toContainText(copy.successNext);
      const toast = page.locator('[data-sonner-toast][data-type="success"]');
      await expect(toast).toContainText(copy.successTitle);
      // Heard once: the toast's words are hidden from screen readers, the focused confirmation says them.
      expect(await toast.locator('span[aria-hidden="true"]').allTextContents()).toEqual([
        copy.successTitle,
        copy.successMessage,
      ]);
      await expectNoAxeViolations(page, "confirmed");

      await page.mouse.move(0, 0); // a pointer resting on a toast holds it
      await page.clock.fastForward(8_000);
      await expect(toast).toHaveCount(0);
      await expect(confirmation).toBeVisible();
      await expect(submitButton(page)).toBeDisabled();
      await page.locator('[name="company"]').fill("Otra empresa");
      await expect(confirmation).toHaveCount(0);
    });

    test("axe finds nothing at rest and with invalid fields; the notifications' region is named in the market's language, not sonner's English", async ({
      page,
    }) => {
      await page.goto(`/${market}`);
      await expectNoAxeViolations(page, "idle");
      await page.locator('[name="email"]').fill("ana@empresa");
      // The toaster loads once the visitor engages with the form.
      await expect(page.locator('section[aria-live="polite"][aria-relevant]')).toHaveAttribute(
        "aria-label",
        copy.toasterLabel,
      );
      await expect(page.locator("[aria-label*='Notifications']")).toHaveCount(0);
      await page.locator('[name="phone"]').fill(OTHER_COUNTRY[market].typed);
      await page.locator('[name="phone"]').press("Tab");
      await expect(page.locator("#contact-email-message")).toHaveText(copy.emailInvalid);
      await expectNoAxeViolations(page, "invalid");
    });
  });
}

test.describe("Supabase mode: the store is down", () => {
  test.use({ baseURL: E2E_HOSTS.supabase });
  test.afterEach(() => setSupabaseFaults({ rest: "ok" }));

  for (const market of MARKETS) {
    test(`/${market}: a 503 says the spec's error words, logged as a warning (not an error), values kept until an edit`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const copy = seedLanding(market).contact;
      const errors: string[] = [];
      const warnings: string[] = [];
      page.on("console", (m) => {
        // The browser's own network line for a non-2xx answer is not the page's logging.
        if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(m.text());
        if (m.type() === "warning") warnings.push(m.text());
      });
      await asNewClient(page);
      await page.goto(`/${market}`);
      const company = await fillAllBut(page);
      await setSupabaseFaults({ rest: "down" });
      const answered = page.waitForResponse("**/api/contact");
      await submitButton(page).click();
      expect((await answered).status()).toBe(503);
      const toast = page.locator('[data-sonner-toast][data-type="error"]');
      await expect(toast).toContainText(copy.errorTitle);
      await expect(toast).toContainText(copy.errorMessage);
      const failure = page.locator("#contact-failure");
      await expect(failure).toHaveText(copy.errorMessage);
      await expect(page.locator('[name="company"]')).toHaveValue(company);
      await expect(submitButton(page)).toBeFocused();
      expect(warnings.some((w) => w.includes("Contact submission failed"))).toBe(true);
      expect(errors).toEqual([]);
      await expectNoAxeViolations(page, "failed");
      await page.locator('[name="contact"]').fill("Ana P.");
      await expect(failure).toHaveCount(0);

      // The retry once the store is back stores the lead exactly once.
      await setSupabaseFaults({ rest: "ok" });
      await submitButton(page).click();
      await expect(page.locator('[data-sonner-toast][data-type="success"]')).toBeVisible();
      await expect(page.locator('[name="company"]')).toHaveValue("");
      expect(await storedLeadsOf(company)).toHaveLength(1);
    });
  }
});

test("the browser and the server apply one email rule: what the form lets through is stored", async ({ page }) => {
  await page.goto("/mx");
  const email = page.locator('[name="email"]');
  const verdicts: string[] = [];
  for (const [address, accepted] of EMAILS) {
    await email.fill(address);
    const browser = await email.evaluate((el: HTMLInputElement) => el.validity.valid);
    const server = contactRequestSchema.safeParse(validContactRequest({ email: address })).success;
    verdicts.push(`${address}: browser ${browser}, server ${server}, expected ${accepted}`);
    expect.soft(browser, address).toBe(server);
    expect.soft(server, address).toBe(accepted);
  }
  expect(verdicts).toHaveLength(EMAILS.length);
});
