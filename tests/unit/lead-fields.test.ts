import { afterEach, describe, expect, it } from "vitest";
import { leadWebhookBody } from "@/lib/alerts/lead-webhook";
import { salesEmail, type AlertedLead } from "@/lib/alerts/sales-email";
import { COPY } from "@/lib/alerts/sales-email-copy";
import { toRow } from "@/lib/contact/leads-store-contract";
import { CONTACT_PROJECTION } from "@/lib/content/contact-content";
import {
  FORM_FIELD_NAMES,
  LEAD_COLUMNS,
  LEAD_FIELD_NAMES,
  LEAD_FIELDS,
  PERSONAL_FIELD_NAMES,
  SELECT_NAMES,
  TOUCH_FIELDS,
} from "@/lib/leads/lead-fields";
import { log } from "@/lib/logging/logger";
import { MARKETS } from "@/lib/markets/markets";
import { STORED_LEAD_COLUMNS } from "#edge/meta-event";
import { captureLogs, type CapturedLogs } from "../support/telemetry/log-lines";
import { sampleLead } from "../support/contact/sample-lead";

/** A lead with every field filled, the campaign page and the follow-up too. */
const lead = (): AlertedLead => ({
  ...sampleLead({ page: "importadores-china", held: "no_proof" }),
  followUp: {
    reference: "K7QXM-3P9TR",
    contactTime: "hoy, antes de las 14:00",
    contactBy: "2026-11-24T19:00:00.000Z",
    outOfHours: true,
    bookingUrl: null,
    whatsappUrl: null,
  },
});
const receivedAt = new Date("2026-11-23T21:37:00.000Z");

describe("the landing query's contact projection, a literal TypeGen reads", () => {
  const fields = /fields\{((?:[^{}]|\{[^}]*\})*)\}/.exec(CONTACT_PROJECTION)![1]!;

  it("reads every form field's words in the form's order: its label, and its placeholder unless it has a default", () => {
    const read = [...fields.matchAll(/(\w+)\{ ([^}]*) \}/g)].map(([, name, parts]) => [name, parts]);
    expect(read).toEqual(
      FORM_FIELD_NAMES.map((name) => [name, LEAD_FIELDS[name].kind === "prefix" ? "label" : "label, placeholder"]),
    );
  });

  it("reads a list of labels for every select's values, and no other", () => {
    const lists = [...CONTACT_PROJECTION.matchAll(/(\w+)Options\[\]/g)].map(([, name]) => name);
    expect(lists).toEqual(SELECT_NAMES);
  });
});

it("the sample lead these checks use fills every field (tests/support/contact/sample-lead.ts)", () => {
  const sent = lead();
  expect(LEAD_FIELD_NAMES.filter((name) => sent[name] === undefined || sent[name] === null)).toEqual([]);
});

describe("what sales gets of a lead", () => {
  it.each(MARKETS)("the email to %s's team has a row for every form field, under the field's own label", (market) => {
    const { text, html } = salesEmail({ ...lead(), market }, receivedAt);
    for (const name of FORM_FIELD_NAMES) {
      // The country code is written with the number.
      if (LEAD_FIELDS[name].kind === "prefix") continue;
      const label = COPY[market][name as Exclude<typeof name, "phonePrefix">];
      expect(text, name).toMatch(new RegExp(`^${label}: \\S`, "m"));
      expect(html, name).toContain(`>${label}</th>`);
    }
  });

  it("the webhook carries every field the declaration sends, under its key", () => {
    const sent = lead();
    const body = leadWebhookBody(sent, receivedAt);
    for (const name of LEAD_FIELD_NAMES) {
      const key = LEAD_FIELDS[name].webhook;
      if (key === null) {
        expect(JSON.stringify(body), name).not.toContain(JSON.stringify(sent[name]));
        continue;
      }
      expect(Object.keys(body.lead), name).toContain(key);
      expect(JSON.stringify(body.lead[key]), name).toContain(JSON.stringify(sent[name]));
    }
  });
});

describe("the lead's columns", () => {
  it("hold every field, each in its declared column", () => {
    const sent = lead();
    const row = toRow(sent) as Record<string, unknown>;
    for (const name of LEAD_FIELD_NAMES) expect(row[LEAD_FIELDS[name].column], name).toBe(sent[name]);
    expect(Object.keys(row).every((column) => (LEAD_COLUMNS as readonly string[]).includes(column))).toBe(true);
  });

  it("the conversion function reads only columns the declaration knows, the stored time aside", () => {
    for (const column of STORED_LEAD_COLUMNS.split(","))
      expect([...LEAD_COLUMNS, "created_at"], column).toContain(column);
  });
});

describe("a lead's personal data in the server's log", () => {
  let logs: CapturedLogs;
  afterEach(() => logs?.restore());

  it("is censored under every name it travels by: the lead's, the row's and the webhook's", () => {
    const sent = lead();
    logs = captureLogs();
    log.info("lead.stored", "a lead", { lead: sent });
    log.info("lead.stored", "a row", { ...toRow(sent) });
    log.info("lead.stored", "the webhook's lead", { ...leadWebhookBody(sent, receivedAt).lead });
    const personal = [
      ...PERSONAL_FIELD_NAMES.map((name) => String(sent[name])),
      ...Object.entries(sent.attribution.first!).flatMap(([field, value]) =>
        TOUCH_FIELDS[field === "at" ? "touch_at" : (field as keyof typeof TOUCH_FIELDS)].personal ? [value] : [],
      ),
    ];
    expect(personal.length).toBeGreaterThan(5);
    for (const value of personal) expect(logs.text()).not.toContain(value);
  });
});
