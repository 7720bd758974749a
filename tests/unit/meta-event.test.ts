import { describe, expect, it } from "vitest";
import { buildLeadEvent, invalidLeadPayload, normaliseCountry, normaliseEmail, normalisePhone, type LeadPayload } from "@/supabase/functions/_shared/meta-event";
import { leadConversion } from "@/lib/meta/conversion-reporter";

const payload: LeadPayload = {
  eventName: "Lead",
  eventId: "8d7f1f0e-5b7a-4c8e-9a43-1f2d3c4b5a69",
  userData: { email: "  Ana@Example.COM ", phone: "52 55 1234-5678", country: "usa" },
  customData: { company: "Acme", reason: "goods", volume: "0-4999" },
};

// Expected digests computed independently: printf %s 'ana@example.com' | sha256sum (and '525512345678', 'us').
const SHA = {
  email: "8e43ca37701228e74983efdbd0cff5c16b3b1e5d4e29a7c05626d4d25a018e11",
  phone: "8f9d0944329b5338c6fb86f293ceb39385b596254748dd3628ec62f55c334811",
  us: "79adb2a2fce5c6ba215fe5f27f532d4e7edbac4b6a5e09e1ef3a08084a904621",
};

describe("Meta's normalisation rules", () => {
  it("trims and lower-cases email, keeps digits of the phone with its country code, maps the country to ISO alpha-2", () => {
    expect(normaliseEmail("  Ana@Example.COM ")).toBe("ana@example.com");
    expect(normalisePhone("52 55 1234-5678")).toBe("525512345678");
    expect(normalisePhone("+1 (555) 123-4567")).toBe("15551234567");
    expect(normaliseCountry("usa")).toBe("us");
    expect(normaliseCountry("brazil")).toBe("br");
    expect(normaliseCountry("argentina")).toBe("ar");
    expect(normaliseCountry("colombia")).toBe("co");
    expect(normaliseCountry("other")).toBeUndefined();
  });
});

describe("the Conversions API event", () => {
  it("hashes user data with SHA-256 and keeps the deduplication id and custom data", async () => {
    const event = await buildLeadEvent(payload, new Date("2026-11-22T12:00:00Z"));
    expect(event).toMatchObject({ event_name: "Lead", event_time: 1795348800, event_id: payload.eventId, action_source: "website", custom_data: payload.customData });
    expect(event.user_data.em).toEqual([SHA.email]);
    expect(event.user_data.ph).toEqual([SHA.phone]);
    expect(event.user_data.country).toEqual([SHA.us]);
  });

  it("omits a country Meta has no code for", async () => {
    const event = await buildLeadEvent({ ...payload, userData: { ...payload.userData, country: "other" } }, new Date());
    expect(event.user_data.country).toBeUndefined();
  });

  it("rejects bodies the function cannot use", () => {
    expect(invalidLeadPayload(payload)).toBeNull();
    expect(invalidLeadPayload(null)).toMatch(/object/);
    expect(invalidLeadPayload({ ...payload, eventName: "Purchase" })).toMatch(/eventName/);
    expect(invalidLeadPayload({ ...payload, userData: { email: "a@b.co" } })).toMatch(/userData/);
    expect(invalidLeadPayload({ ...payload, customData: undefined })).toMatch(/customData/);
  });
});

describe("the site's conversion payload (spec §7)", () => {
  it("sends eventName Lead, userData {email, phone with prefix, country} and customData {company, reason, volume}", () => {
    const body = leadConversion({ id: payload.eventId, company: "Acme", contact: "Ana", email: "ana@example.com", phonePrefix: "55", phone: "11 98765-4321", country: "brazil", reason: "services", volume: "5000-9999", market: "br" });
    expect(body).toEqual({
      eventName: "Lead",
      eventId: payload.eventId,
      userData: { email: "ana@example.com", phone: "5511 98765-4321", country: "brazil" },
      customData: { company: "Acme", reason: "services", volume: "5000-9999" },
    });
    expect(invalidLeadPayload(body)).toBeNull();
  });
});
