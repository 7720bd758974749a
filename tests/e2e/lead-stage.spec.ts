// Sales' verdict from the alert email: the signed link (built by the function the email's links are built with) opens
// a page in the lead's market language that records the stage only when its button is pressed.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { MARKETS, MARKET_BY_CODE, MARKET_LOCALES, type Language, type Market } from "../../lib/markets/markets";
import { STAGE_LINK_DAYS, stageLinkToken, stageLinkUrl } from "../../lib/stages/stage-link";
import { validContactRequest } from "../support/contact/contact-request";
import { E2E_SECRETS } from "../../scripts/lib/e2e-secrets";
import { proofFrom } from "../../scripts/lib/solve-proof";

const SECRET = E2E_SECRETS.LEAD_STAGE_SECRET;

/** What sales reads, in each language (lib/stages/stage-copy.ts: the markets that share one share these words). */
const WORDS = {
  es: {
    question: "¿Marcar este lead como calificado?",
    confirm: "Confirmar: Calificado",
    recorded: "Listo: quedó registrado como «Calificado».",
    already: /^Ya estaba registrado como «Calificado» desde el .+\. No se registró nada nuevo\.$/,
    forged: "Este enlace no es válido",
    expired: "Este enlace venció",
  },
  pt: {
    question: "Marcar este lead como qualificado?",
    confirm: "Confirmar: Qualificado",
    recorded: "Pronto: registrado como «Qualificado».",
    already: /^Já estava registrado como «Qualificado» desde .+\. Nada novo foi registrado\.$/,
    forged: "Este link não é válido",
    expired: "Este link expirou",
  },
} satisfies Record<Language, Record<string, string | RegExp>>;

/** A lead sent as the form sends it (with a solved proof): its id, the reference it was told, and its company. */
async function postLead(origin: string, market: Market) {
  const headers = {
    "content-type": "application/json",
    origin,
    "x-real-ip": `198.51.100.${61 + MARKETS.indexOf(market)}`,
  };
  const company = `Etapa ${market} ${randomUUID().slice(0, 8)}`;
  const body = validContactRequest({ market, company, proof: await proofFrom(origin, headers) });
  const response = await fetch(`${origin}/api/contact`, { method: "POST", headers, body: JSON.stringify(body) });
  expect(response.status).toBe(201);
  const { reference } = (await response.json()) as { reference: string };
  return { id: body.submissionId, reference, company };
}

const status = (page: Page) => page.getByRole("status");

for (const market of MARKETS) {
  test(`/${market}: the email's qualify link asks in the market's language and only the button records it`, async ({
    page,
    context,
    baseURL,
  }) => {
    const words = WORDS[MARKET_BY_CODE[market].language];
    const lead = await postLead(baseURL!, market);
    const link = stageLinkUrl(baseURL!, SECRET, { leadId: lead.id, stage: "qualified", market });

    // Opening the link (a mail scanner's plain GET, then sales) shows the lead and a question, and records nothing.
    expect((await page.request.get(link)).status()).toBe(200);
    const opened = await page.goto(link);
    expect(opened!.status()).toBe(200);
    expect(await opened!.headerValue("referrer-policy")).toBe("no-referrer");
    expect(await opened!.headerValue("x-robots-tag")).toBe("noindex, nofollow");
    await expect(page.locator("html")).toHaveAttribute("lang", MARKET_LOCALES[market]);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await expect(page.getByRole("definition")).toContainText([lead.reference, lead.company]);
    await expect(page.getByText(words.question)).toBeVisible();
    await expect(status(page)).toHaveCount(0);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    // Sales clicks the link twice: two tabs. The first button records the stage, the second says it was already.
    const second = await context.newPage();
    await second.goto(link);
    await page.getByRole("button", { name: words.confirm }).click();
    await expect(status(page)).toHaveText(words.recorded);
    await second.getByRole("button", { name: words.confirm }).click();
    await expect(status(second)).toHaveText(words.already);
    // Opened again later, the link shows the stage and offers no button.
    await page.goto(link);
    await expect(status(page)).toHaveText(words.already);
    await expect(page.getByRole("button")).toHaveCount(0);

    // A link altered in its signature, or one past its 180 days, gets a page that says so, with no lead and no button.
    const token = new URL(link).searchParams.get("t")!;
    // One character of the signature changed (not the last, whose low bits base64url leaves out).
    const forged = `${token.slice(0, 60)}${token[60] === "A" ? "B" : "A"}${token.slice(61)}`;
    const expired = stageLinkToken(
      SECRET,
      { leadId: lead.id, stage: "qualified", market },
      Date.now() - (STAGE_LINK_DAYS + 1) * 86_400_000,
    );
    for (const [t, text] of [
      [forged, words.forged],
      [expired, words.expired],
    ] as const) {
      await page.goto(`/lead-stage/${market}?t=${t}`);
      await expect(page.locator("html")).toHaveAttribute("lang", MARKET_LOCALES[market]);
      await expect(page.getByRole("main").getByRole("alert")).toContainText(text);
      await expect(page.getByText(lead.company)).toHaveCount(0);
      await expect(page.getByRole("button")).toHaveCount(0);
    }
  });
}
