import { describe, expect, it } from "vitest";
import { contactRequestSchema } from "@/lib/contact/contact-schema";
import type { PhonePrefix } from "@/lib/contact/options";
import { parsePhone } from "@/lib/contact/phone";

/** [selected prefix, as typed, stored prefix, stored national digits, E.164] — numbers as people write them. */
type Row = [PhonePrefix, string, PhonePrefix, string, string];

const MARKETS: Record<string, Row[]> = {
  Mexico: [
    ["52", "55 1234 5678", "52", "5512345678", "+525512345678"], // Mexico City landline
    ["52", "55.1234.5678", "52", "5512345678", "+525512345678"],
    ["52", "(55) 1234-5678", "52", "5512345678", "+525512345678"],
    ["52", "+52 55 1234 5678", "52", "5512345678", "+525512345678"],
    ["52", "33 1234 5678", "52", "3312345678", "+523312345678"], // Guadalajara
    ["52", "+52 1 55 1234 5678", "52", "5512345678", "+525512345678"], // the old mobile "1", still typed
    ["52", "81-1234-5678", "52", "8112345678", "+528112345678"], // Monterrey mobile
  ],
  Brazil: [
    ["55", "(11) 98765-4321", "55", "11987654321", "+5511987654321"], // São Paulo mobile: DDD + ninth digit
    ["55", "11 98765 4321", "55", "11987654321", "+5511987654321"],
    ["55", "011 98765-4321", "55", "11987654321", "+5511987654321"], // trunk 0 before the DDD
    ["55", "+55 21 99876-5432", "55", "21998765432", "+5521998765432"], // Rio mobile
    ["55", "(11) 3456-7890", "55", "1134567890", "+551134567890"], // landline
  ],
  Argentina: [
    ["54", "011 15 1234-5678", "54", "91112345678", "+5491112345678"], // Buenos Aires mobile written with 0…15
    ["54", "11 15 1234 5678", "54", "91112345678", "+5491112345678"],
    ["54", "9 11 1234-5678", "54", "91112345678", "+5491112345678"], // written with the 9
    ["54", "+54 9 11 1234-5678", "54", "91112345678", "+5491112345678"],
    ["54", "0351 15 612-3456", "54", "93516123456", "+5493516123456"], // Córdoba mobile
    ["54", "011 4321-5678", "54", "1143215678", "+541143215678"], // landline
  ],
  "United States and Canada": [
    ["1", "(201) 555-0123", "1", "2015550123", "+12015550123"],
    ["1", "201.555.0123", "1", "2015550123", "+12015550123"],
    ["1", "+1 416 555 0199", "1", "4165550199", "+14165550199"], // Toronto
  ],
  Colombia: [
    ["57", "300 123 4567", "57", "3001234567", "+573001234567"], // mobile
    ["57", "(601) 234 5678", "57", "6012345678", "+576012345678"], // Bogotá landline
  ],
  // A number written with its own + code means that country, even when the select still shows its default.
  "a + code other than the selected prefix": [
    ["52", "+1 201 555 0123", "1", "2015550123", "+12015550123"],
    ["55", "+54 9 11 1234-5678", "54", "91112345678", "+5491112345678"],
  ],
};

describe.each(Object.entries(MARKETS))("phones from %s", (_, rows) => {
  it.each(rows)("prefix %s, typed %j → +%s %s (%s)", (selected, typed, prefix, national, e164) => {
    expect(parsePhone(typed, selected)).toEqual({ prefix, national, e164 });
    expect(e164).toBe(`+${prefix}${national}`);
  });
});

describe("numbers that cannot be right", () => {
  it.each([
    ["52", "12345", /Not a valid number for \+52/],
    ["55", "(11) 8765-43", /Not a valid number for \+55/],
    ["54", "11 1234", /Not a valid number for \+54/],
    ["1", "555 0123", /Not a valid number for \+1/],
    ["52", "+44 20 7946 0958", /\+44 is not offered/],
    ["52", "abc", /Not a phone number/],
  ] as const)("prefix %s, typed %j", (selected, typed, message) => {
    const parsed = parsePhone(typed, selected);
    expect("error" in parsed && parsed.error).toMatch(message);
  });
});

describe("the request schema stores the parsed phone", () => {
  it("replaces the typed phone with its national digits, sets the prefix it belongs to, and adds E.164", () => {
    const parsed = contactRequestSchema.parse({
      company: "Acme",
      contact: "Ana",
      email: "ana@example.com",
      phonePrefix: "52",
      phone: " +54 9 11 1234-5678 ",
      country: "usa",
      reason: "goods",
      volume: "0-4999",
      market: "ar",
      submissionId: "8d7f1f0e-5b7a-4c8e-9a43-1f2d3c4b5a69",
    });
    expect(parsed).toMatchObject({ phonePrefix: "54", phone: "91112345678", phoneE164: "+5491112345678" });
  });
});
