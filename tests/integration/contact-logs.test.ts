// Every path of a submission that logs, through the route's own wrapper (request context and span) and the real
// store and conversion reporter: each line is JSON, names its event, carries the request and the lead, and holds none
// of the visitor's personal data.
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { handleContact, type ContactDeps } from "@/lib/contact/handle-contact";
import { PgliteLeadsStore } from "@/lib/contact/pglite-leads-store";
import { MemoryRateLimiter } from "@/lib/contact/rate-limiter";
import { openIntake } from "../support/contact/contact-deps";
import { LeadRejectedError, StoreUnavailableError, type LeadsStore } from "@/lib/contact/leads-store-contract";
import { reportLeadConversion } from "@/lib/meta/conversion-reporter";
import { observedRequest } from "@/lib/telemetry/observed-request";
import { inSpan } from "@/lib/telemetry/spans";
import { validContactRequest } from "../support/contact/contact-request";
import { captureLogs, type CapturedLogs, type LogLine } from "../support/telemetry/log-lines";
import { migratedDatabase } from "../support/supabase/empty-database";

const SITE = "https://pagos.example";
const PERSON = {
  company: "Transportes Quiroga Hermanos",
  contact: "Lucía Quiroga",
  email: "lucia.quiroga@example.com",
  phonePrefix: "54",
  phone: "011 15 4321-8765",
  market: "ar",
};
/** Every way the person could show up in a line: as typed, as stored (national digits, E.164), and the address. */
const TRACES = [
  PERSON.company,
  PERSON.contact,
  PERSON.email,
  PERSON.phone,
  "91143218765",
  "+5491143218765",
  "Quiroga",
  "203.0.113.77",
];

let db: PGlite;
let store: PgliteLeadsStore;
let logs: CapturedLogs;
let pending: Promise<void>[];

beforeAll(async () => {
  vi.stubEnv("CLIENT_IP_HEADER", "x-real-ip");
  vi.stubEnv("SUPABASE_URL", "");
  db = await migratedDatabase();
  store = await PgliteLeadsStore.onDatabase(db);
});
afterAll(async () => {
  await db.close();
  vi.unstubAllEnvs();
});
beforeEach(() => {
  pending = [];
  logs = captureLogs();
  return () => logs.restore();
});

function deps(overrides: Partial<ContactDeps> = {}): ContactDeps {
  return {
    store: async () => store,
    limiter: new MemoryRateLimiter(0),
    ...openIntake(),
    // As the route does in after(): within the request's context, after the answer.
    report: (lead, visit) =>
      void pending.push(inSpan("conversion.report", {}, () => reportLeadConversion(lead, visit))),
    consent: async () => "granted",
    alert: () => {},
    siteUrl: SITE,
    ...overrides,
  };
}

/** One submission through the route's wrapper; the lines it produced once its after-work is done. */
async function submit(
  body: object,
  overrides: Partial<ContactDeps> = {},
): Promise<{ status: number; lines: LogLine[] }> {
  const request = new Request(`${SITE}/api/contact`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: SITE,
      "x-real-ip": "203.0.113.77",
      "user-agent": "Mozilla/5.0 (X11; Linux)",
      cookie: "_fbp=fb.1.1763860000000.1234567890",
    },
    body: JSON.stringify(body),
  });
  const response = await observedRequest(request, "contact.submit", () => handleContact(request, deps(overrides)));
  await Promise.all(pending);
  return { status: response.status, lines: logs.lines };
}

function expectLinesAbout(lines: LogLine[], leadId: string) {
  expect(lines.length).toBeGreaterThan(0);
  const requestIds = new Set(lines.map((l) => l.requestId));
  expect(requestIds.size).toBe(1);
  for (const line of lines) {
    expect(line).toMatchObject({
      requestId: expect.any(String),
      leadId,
      market: "ar",
      level: expect.any(String),
      msg: expect.any(String),
      event: expect.any(String),
    });
  }
  for (const trace of TRACES) expect(logs.text(), `a line holds "${trace}"`).not.toContain(trace);
}

const events = (lines: LogLine[]) => lines.map((l) => l.event);

describe("the log lines of a submission", () => {
  it("stored, and its conversion reported (the embedded sink logs which fields would travel, no values)", async () => {
    const lead = validContactRequest(PERSON);
    const { status, lines } = await submit(lead);
    expect(status).toBe(201);
    expect(events(lines).sort()).toEqual(["conversion.sent", "lead.stored", "request.completed"]);
    expect(lines.find((l) => l.event === "conversion.sent")).toMatchObject({
      sink: "local",
      leadId: lead.submissionId,
      eventName: "Lead",
      wouldSend: expect.arrayContaining(["email", "phone", "country"]),
    });
    expectLinesAbout(lines, lead.submissionId);
  });

  it("a retry of a stored lead", async () => {
    const lead = validContactRequest(PERSON);
    await submit(lead);
    logs.lines.length = 0;
    const { lines } = await submit(lead);
    expect(lines.find((l) => l.event === "lead.stored")).toMatchObject({ duplicate: true });
    expectLinesAbout(lines, lead.submissionId);
  });

  it("refused by validation: the fields are named, their values are not", async () => {
    const lead = validContactRequest({ ...PERSON, email: `${PERSON.email}@@`, volume: "lots" });
    const { status, lines } = await submit(lead);
    expect(status).toBe(422);
    expect(lines.find((l) => l.event === "lead.refused")).toMatchObject({
      level: "info",
      by: "validation",
      fields: ["email", "volume"],
    });
    expectLinesAbout(lines, lead.submissionId);
  });

  it("refused by the database", async () => {
    const refusing: LeadsStore = {
      insert: () =>
        Promise.reject(
          new LeadRejectedError(
            'new row for relation "contact_submissions" violates check constraint "contact_submissions_phone_check"',
          ),
        ),
    };
    const lead = validContactRequest(PERSON);
    const { status, lines } = await submit(lead, { store: async () => refusing });
    expect(status).toBe(422);
    expect(lines.find((l) => l.event === "lead.refused")).toMatchObject({
      level: "warn",
      by: "database",
      fields: ["phone"],
    });
    expectLinesAbout(lines, lead.submissionId);
  });

  it("the store unavailable, whose error quotes the refused row", async () => {
    const down: LeadsStore = {
      insert: () =>
        Promise.reject(
          new StoreUnavailableError("The embedded database did not store the lead", {
            cause: Object.assign(new Error("terminating connection"), {
              detail: `Failing row contains (${PERSON.email}, ${PERSON.contact})`,
            }),
          }),
        ),
    };
    const lead = validContactRequest(PERSON);
    const { status, lines } = await submit(lead, { store: async () => down });
    expect(status).toBe(503);
    expect(lines.find((l) => l.event === "lead.store_unavailable")).toMatchObject({
      level: "error",
      err: { message: "The embedded database did not store the lead", cause: "terminating connection" },
    });
    expect(lines.find((l) => l.event === "request.completed")).toMatchObject({ status: 503 });
    expectLinesAbout(lines, lead.submissionId);
  });

  it("an unexpected store failure", async () => {
    const broken: LeadsStore = {
      insert: () => Promise.reject(new Error("Supabase refused the insert (status 401)")),
    };
    const lead = validContactRequest(PERSON);
    const { status, lines } = await submit(lead, { store: async () => broken });
    expect(status).toBe(500);
    expect(events(lines)).toEqual(["lead.store_failed", "request.completed"]);
    expectLinesAbout(lines, lead.submissionId);
  });

  it("a bot's (the honeypot filled)", async () => {
    const lead = validContactRequest({ ...PERSON, website: "https://spam.example" });
    const { lines } = await submit(lead);
    expect(events(lines)).toEqual(["lead.discarded", "request.completed"]);
    expectLinesAbout(lines, lead.submissionId);
  });
});
