import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { salesEmail } from "@/lib/alerts/sales-email";
import { STAGE_LINK_DAYS, stageLinkToken, stageLinkUrl, verifyStageLink } from "@/lib/stages/stage-link";
import { STAGES } from "@/lib/stages/stages";
import { sampleLead } from "../support/contact/sample-lead";

const SECRET = "stage-link-secret-0123456789abcdef0123";
const NOW = Date.parse("2026-11-27T20:00:00Z");
const DAY = 86_400_000;

describe("the signed stage links of the sales email", () => {
  it("name the lead, the stage and the market, for 180 days", () => {
    const leadId = randomUUID();
    for (const stage of STAGES) {
      const token = stageLinkToken(SECRET, { leadId, stage, market: "br" }, NOW);
      expect(token).toMatch(/^[A-Za-z0-9_-]{75}$/);
      expect(verifyStageLink(SECRET, token, NOW + (STAGE_LINK_DAYS - 1) * DAY)).toEqual({
        ok: true,
        leadId,
        stage,
        market: "br",
        expiresAt: new Date(Math.floor(NOW / 1000) * 1000 + STAGE_LINK_DAYS * DAY),
      });
      expect(verifyStageLink(SECRET, token, NOW + STAGE_LINK_DAYS * DAY + 1000)).toEqual({
        ok: false,
        reason: "expired",
      });
    }
  });

  it("refuse a link signed with another secret, one with a changed character, and anything not a token", () => {
    const token = stageLinkToken(SECRET, { leadId: randomUUID(), stage: "qualified", market: "mx" }, NOW);
    expect(verifyStageLink("another-secret-0123456789abcdef0123456", token, NOW)).toEqual({
      ok: false,
      reason: "forged",
    });
    // Each character of the payload (the lead, the stage, the market, the expiry) is covered by the signature.
    for (let i = 0; i < 32; i++) {
      const changed = token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
      expect(verifyStageLink(SECRET, changed, NOW)).toMatchObject({ ok: false });
    }
    for (const bad of ["", "abc", token.slice(1), `${token}A`, `${token.slice(0, 74)}=`, 42, null])
      expect(verifyStageLink(SECRET, bad, NOW)).toEqual({ ok: false, reason: "malformed" });
  });

  it("open the market's page on the site's origin", () => {
    const url = stageLinkUrl("https://pagos.example/mx", SECRET, {
      leadId: randomUUID(),
      stage: "customer",
      market: "ar",
    });
    expect(url).toMatch(/^https:\/\/pagos\.example\/lead-stage\/ar\?t=[A-Za-z0-9_-]{75}$/);
  });
});

describe("the stage buttons of the sales email", () => {
  const links = {
    qualified: "https://p.example/q",
    not_qualified: "https://p.example/n",
    customer: "https://p.example/c",
  };
  it.each([
    ["mx", ["Calificado", "No califica", "Cliente"], "Un clic abre una página donde confirmas"],
    ["ar", ["Calificado", "No califica", "Cliente"], "Un clic abre una página donde confirmás"],
    ["br", ["Qualificado", "Não qualificado", "Cliente"], "Um clique abre uma página para você confirmar"],
  ] as const)("in %s: a button per stage in the market's words, in both parts", (market, names, hint) => {
    const { text, html } = salesEmail(sampleLead({ market }), new Date(NOW), links);
    expect(text).toContain(
      `${names[0]}: https://p.example/q\n${names[1]}: https://p.example/n\n${names[2]}: https://p.example/c`,
    );
    expect(text).toContain(hint);
    for (const [i, href] of ["https://p.example/q", "https://p.example/n", "https://p.example/c"].entries())
      expect(html).toMatch(new RegExp(`<a href="${href}"[^>]*>${names[i]}</a>`));
  });

  it("are left out without links (no LEAD_STAGE_SECRET)", () => {
    const { text, html } = salesEmail(sampleLead({ market: "mx" }), new Date(NOW));
    expect(text).not.toContain("Calificado");
    expect(html).not.toContain("Calificado");
  });
});
