import { describe, expect, it } from "vitest";
import { followUpFor } from "@/lib/conversation/next-steps";
import { leadReference } from "@/lib/conversation/reference";
import type { Market } from "@/lib/markets/markets";
import { seedLandingContent } from "../support/sanity/seed-landing-content";

const lead = (market: Market) => ({
  id: "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b",
  market,
  contact: "Ana Pérez",
  email: "ana@example.com",
});

describe("what a lead is told after sending, from the seed content", () => {
  it.each([
    // Monday 9 November 2026, 10:00 in Mexico City.
    ["mx", "2026-11-09T16:00:00Z", "hoy, antes de las 14:00 (hora del centro de México)", false],
    // Tuesday 10 November, 17:30 in São Paulo.
    ["br", "2026-11-10T20:30:00Z", "amanhã, até as 12:30 (horário de Brasília)", false],
    // Friday 13 November, 19:00 in Mexico City: Monday the 16th is Revolution Day.
    ["mx", "2026-11-14T01:00:00Z", "el martes 17 de noviembre, antes de las 13:00 (hora del centro de México)", true],
    ["br", "2026-11-14T01:00:00Z", "até as 13:00 de segunda-feira, 16 de novembro (horário de Brasília)", true],
    ["ar", "2026-11-07T02:00:00Z", "el lunes 9 de noviembre, antes de las 13:00", true],
  ] as const)("%s at %s: “%s”", async (market, at, contactTime, outOfHours) => {
    const content = await seedLandingContent(market);
    const followUp = followUpFor(lead(market), content.followUp, new Date(at));
    expect(followUp).toMatchObject({ contactTime, outOfHours, reference: leadReference(lead(market).id) });
    expect(followUp.whatsappUrl).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(decodeURIComponent(followUp.whatsappUrl!.split("text=")[1]!)).toContain(followUp.reference);
    expect(new URL(followUp.bookingUrl!).searchParams.get("email")).toBe("ana@example.com");
  });

  it("without follow-up content: only the reference", async () => {
    expect(followUpFor(lead("mx"), null, new Date())).toEqual({
      reference: leadReference(lead("mx").id),
      contactTime: null,
      contactBy: null,
      outOfHours: null,
      bookingUrl: null,
      whatsappUrl: null,
    });
  });

  it("an empty booking page or WhatsApp number gives no link", async () => {
    const { followUp } = await seedLandingContent("ar");
    const without = followUpFor(lead("ar"), { ...followUp!, bookingUrl: null, whatsappNumber: null }, new Date());
    expect([without.bookingUrl, without.whatsappUrl]).toEqual([null, null]);
  });
});
