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

describe("Meta's own examples (customer information parameters page)", () => {
  // Input, normalised form and SHA-256 exactly as Meta documents them; re-checked with `printf %s … | sha256sum`.
  it("normalises and hashes them to Meta's published digests", async () => {
    const event = await buildLeadEvent({ ...payload, userData: { email: "John_Smith@gmail.com", phone: "1 (650)555-1212", country: "usa" } }, new Date());
    expect(normaliseEmail("John_Smith@gmail.com")).toBe("john_smith@gmail.com");
    expect(event.user_data.em).toEqual(["62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f"]);
    expect(normalisePhone("1 (650)555-1212")).toBe("16505551212");
    expect(event.user_data.ph).toEqual(["e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176"]);
  });

  it("drops leading zeros of the number", () => {
    expect(normalisePhone("0052 55 1234 5678")).toBe("525512345678");
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

  it("puts the country code before the national number without its trunk zero", async () => {
    const body = leadConversion({ id: payload.eventId, company: "Acme", contact: "Ana", email: "ana@example.com", phonePrefix: "54", phone: "011 1234-5678", country: "argentina", reason: "goods", volume: "0-4999", market: "ar" });
    expect(body.userData.phone).toBe("5411 1234-5678");
    const event = await buildLeadEvent(body, new Date());
    // printf %s '541112345678' | sha256sum ; printf %s 'ar' | sha256sum
    expect(event.user_data.ph).toEqual(["1584aa2e35b6bab713099c372b4c0770acf9ed92abbe54e182cce8193a994428"]);
    expect(event.user_data.country).toEqual(["ab5b62081b1d305e78d0daadb2cd23470b3faeb65af7370627798b7219ea2061"]);
  });
});
