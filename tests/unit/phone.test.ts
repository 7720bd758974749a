import fc from "fast-check";
import fullMetadata from "libphonenumber-js/metadata.max.json";
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PHONE_METADATA_MODULE } from "@/lib/build/phone-metadata";
import { contactRequestSchema } from "@/lib/contact/contact-schema";
import { marketPhonePrefix, PHONE_PREFIXES, type PhonePrefix } from "@/lib/leads/options";
import { MARKETS as MARKET_CODES } from "@/lib/markets/markets";
import { parsePhone } from "@/lib/contact/phone";
import { checkPhone } from "@/lib/contact/phone-check";
import browserMetadata from "@/lib/contact/phone-metadata.generated";
import { readPhone } from "@/lib/contact/phone-rules";

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

const WRONG = [
  ["52", "12345", /Not a valid number for \+52/],
  ["55", "(11) 8765-43", /Not a valid number for \+55/],
  ["54", "11 1234", /Not a valid number for \+54/],
  ["1", "555 0123", /Not a valid number for \+1/],
  ["52", "+44 20 7946 0958", /\+44 is not offered/],
  ["52", "abc", /Not a phone number/],
] as const;

describe("numbers that cannot be right", () => {
  it.each(WRONG)("prefix %s, typed %j", (selected, typed, message) => {
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

describe("the browser's check (metadata for the offered codes only) agrees with the server's", () => {
  const rows: [PhonePrefix, string][] = [
    ...Object.values(MARKETS)
      .flat()
      .map(([selected, typed]) => [selected, typed] as [PhonePrefix, string]),
    ...WRONG.map(([s, t]) => [s, t] as [PhonePrefix, string]),
  ];

  it.each(rows)("prefix %s, typed %j: accepted by both or refused by both, for the same reason", (selected, typed) => {
    const server = parsePhone(typed, selected);
    for (const market of MARKET_CODES.map(marketPhonePrefix))
      expect(checkPhone(typed, selected, market).ok).toBe(!("error" in server));
    // The same reason (a code the browser does not know is "not offered" without its digits).
    const reason = (read: ReturnType<typeof readPhone>) => ("problem" in read ? read.problem : read);
    expect(reason(readPhone(typed, selected, browserMetadata))).toEqual(
      reason(readPhone(typed, selected, fullMetadata)),
    );
  });

  it("on any digits typed the way people type them, under any offered prefix: the same verdict and the same stored number", () => {
    const typed = fc
      .tuple(
        fc.constantFrom("", "+", "0", "00", "("),
        fc.array(fc.constantFrom(..."0123456789"), { minLength: 6, maxLength: 13 }),
        fc.constantFrom(" ", "-", "", "."),
      )
      .map(
        ([lead, digits, separator]) => lead + digits.map((d, i) => (i > 0 && i % 4 === 0 ? separator + d : d)).join(""),
      );
    // Real numbers of each offered country too, so the property also exercises the valid side.
    const real = fc.constantFrom(
      ...Object.values(MARKETS)
        .flat()
        .map(([, t]) => t),
    );
    fc.assert(
      fc.property(fc.oneof(typed, real), fc.constantFrom(...PHONE_PREFIXES), (number, selected) => {
        const server = readPhone(number, selected, fullMetadata);
        const browser = readPhone(number, selected, browserMetadata);
        expect("problem" in browser).toBe("problem" in server);
        if (!("problem" in server)) expect(browser).toEqual(server);
      }),
      { numRuns: 5_000 },
    );
  });

  it("offers the prefix a number fits, the market's own country first: a Buenos Aires number under +52", () => {
    expect(checkPhone("11 2345-6789", "52", "54")).toMatchObject({
      ok: false,
      problem: "invalid",
      prefix: "52",
      fits: { prefix: "54", country: "AR" },
    });
    // The same digits are a São Paulo landline: on the Brazilian page, Brazil comes first.
    expect(checkPhone("11 2345-6789", "52", "55")).toMatchObject({ fits: { prefix: "55", country: "BR" } });
    // Accepted under the offered prefix, by the server too.
    expect(parsePhone("11 2345-6789", "54")).toEqual({ prefix: "54", national: "1123456789", e164: "+541123456789" });
    // A number typed with its own code means that code: nothing to offer.
    expect(checkPhone("+54 11 2345", "52", "54")).toMatchObject({ ok: false, fits: null });
    expect(checkPhone("12345678", "52", "54")).toMatchObject({ ok: false, fits: null });
  });

  it("is a few kB: the offered codes' countries only, with every country that shares +1", () => {
    expect(Object.keys(browserMetadata.country_calling_codes).sort()).toEqual([...PHONE_PREFIXES].sort());
    expect(Object.keys(browserMetadata.countries)).toEqual(
      expect.arrayContaining(["MX", "US", "CA", "PR", "AR", "BR", "CO"]),
    );
    expect(Object.keys(browserMetadata.countries)).not.toContain("GB");
    expect(gzipSync(readFileSync(PHONE_METADATA_MODULE)).length).toBeLessThan(8 * 1024);
  });
});
