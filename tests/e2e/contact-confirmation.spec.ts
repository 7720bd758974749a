import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { MARKETS, type Market } from "../../lib/markets/markets";
import { asNewClient, fillContactForm } from "../support/contact/contact-form-fill";
import { seedLanding } from "../support/sanity/seed";

const SUBMIT: Record<Market, string> = { mx: "Enviar solicitud", br: "Enviar solicitação", ar: "Enviar solicitud" };
const REFERENCE = /^[2-9A-HJKMNP-TV-Z]{5}-[2-9A-HJKMNP-TV-Z]{5}$/;
/** Every contact-time template of the seed starts with one of these (today, tomorrow, a later day). */
const WHEN: Record<Market, RegExp> = {
  mx: /^(hoy|mañana|el \S+ \d{1,2} de \S+), antes de las \d\d:\d\d \(hora del centro de México\)$/,
  br: /^(hoje, até as \d\d:\d\d|amanhã, até as \d\d:\d\d|até as \d\d:\d\d de \S+, \d{1,2} de \S+) \(horário de Brasília\)$/,
  ar: /^(hoy|mañana|el \S+ \d{1,2} de \S+), antes de las \d\d:\d\d$/,
};

async function submitLead(page: Page, market: Market) {
  await fillContactForm(page, { company: `Confirmation ${market} ${randomUUID()}`, email: "ana@example.com" });
  const answered = page.waitForResponse("**/api/contact");
  await page.getByRole("button", { name: SUBMIT[market] }).click();
  return (await answered).json() as Promise<Record<string, string>>;
}

for (const market of MARKETS) {
  const followUp = seedLanding(market).followUp;
  test(`/${market}: the confirmation shows the reference, the contact time and both links, on a phone and a desktop`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await asNewClient(page);
    await page.goto(`/${market}`);
    const answer = await submitLead(page, market);
    const confirmation = page.getByRole("group", { name: seedLanding(market).contact.successTitle });
    await expect(confirmation).toBeFocused();

    expect(answer.reference).toMatch(REFERENCE);
    await expect(confirmation.locator("[data-reference]")).toHaveText(answer.reference!);
    await expect(confirmation).toContainText(`${followUp.referenceLabel}:`);
    expect(answer.contactTime).toMatch(WHEN[market]);
    await expect(confirmation).toContainText(`${followUp.contactTimeLabel}: ${answer.contactTime}`);

    const booking = confirmation.getByRole("link", { name: followUp.bookingLabel });
    const bookingUrl = new URL((await booking.getAttribute("href"))!);
    expect(bookingUrl.origin + bookingUrl.pathname).toBe(followUp.bookingUrl);
    expect(bookingUrl.searchParams.get("email")).toBe("ana@example.com");
    const whatsapp = confirmation.getByRole("link", { name: followUp.whatsappLabel });
    const chat = new URL((await whatsapp.getAttribute("href"))!);
    expect(chat.origin + chat.pathname).toBe(`https://wa.me/${followUp.whatsappNumber.slice(1)}`);
    expect(chat.searchParams.get("text")).toBe(followUp.whatsappAfter.replace("{reference}", answer.reference));
    for (const link of [booking, whatsapp]) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(link).toHaveAccessibleName(new RegExp(followUp.newTabLabel.replace(/[()]/g, "\\$&")));
    }
    // Nothing personal reaches the page's own address, where a script could read and report it.
    expect(page.url()).not.toContain("ana");
    // The same confirmation on a phone and, the window widened, on a desktop: each layout checked and kept to look at.
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await confirmation.scrollIntoViewIfNeeded();
      await expect(confirmation).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).include("#contact-form").analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`confirmation-${market}-${width}.png`), fullPage: false });
    }
  });
}

test("each link is hidden when the answer carries none (its content is empty)", async ({ page }) => {
  await asNewClient(page);
  await page.goto("/ar");
  await page.route("**/api/contact", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, bookingUrl: null, whatsappUrl: null } });
  });
  const answer = await submitLead(page, "ar");
  const confirmation = page.getByRole("group", { name: seedLanding("ar").contact.successTitle });
  await expect(confirmation.locator("[data-reference]")).toHaveText(answer.reference!);
  await expect(confirmation.getByRole("link")).toHaveCount(0);
});

test("the WhatsApp link beside the form works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const market of MARKETS) {
    const { followUp } = seedLanding(market);
    await page.goto(`/${market}`);
    const link = page.locator("#contact-form").getByRole("link", { name: followUp.whatsappBeforeLabel });
    const href = new URL((await link.getAttribute("href"))!);
    expect(href.origin + href.pathname).toBe(`https://wa.me/${followUp.whatsappNumber.slice(1)}`);
    expect(href.searchParams.get("text")).toBe(followUp.whatsappBefore);
  }
  await context.close();
});

test("with JavaScript, the WhatsApp message also carries the amount the visitor entered", async ({ page, context }) => {
  await context.route("https://wa.me/**", (route) => route.fulfill({ body: "wa.me stand-in" }));
  await page.goto("/mx");
  const { followUp } = seedLanding("mx");
  await page.locator("#estimate-amount").fill("50000");
  const popup = page.waitForEvent("popup");
  await page.locator("#contact-form").getByRole("link", { name: followUp.whatsappBeforeLabel }).click();
  const text = new URL((await popup).url()).searchParams.get("text");
  const amount = new Intl.NumberFormat("es-MX", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
  expect(text).toBe(`${followUp.whatsappBefore} ${followUp.whatsappAmount.replace("{amount}", amount.format(50_000))}`);
  expect(text).toContain("USD\u00a050,000");
});
