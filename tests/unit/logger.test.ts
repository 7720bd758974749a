import { afterEach, describe, expect, it } from "vitest";
import { log } from "@/lib/logging/logger";
import { requestId, tagRequest, withRequestContext } from "@/lib/logging/request-context";
import { captureLogs, type CapturedLogs } from "../support/telemetry/log-lines";

let logs: CapturedLogs;
afterEach(() => logs?.restore());

const PERSON = {
  email: "ana.perez@example.com",
  phone: "55 1234 5678",
  phoneE164: "+525512345678",
  contact: "Ana Pérez",
  company: "Importadora Pérez",
  ip: "203.0.113.9",
  clientIpAddress: "198.51.100.4",
  clientUserAgent: "Mozilla/5.0 (Android 15) Chrome/156.0",
  fbp: "fb.1.1763860000000.1234567890",
  fbc: "fb.1.1763860000000.IwAR3abc",
  eventSourceUrl: "https://pagos.example/mx?fbclid=IwAR3abc",
};

describe("the server's log lines", () => {
  it("are one JSON object per line with a level name, an ISO time, the message and the event", () => {
    logs = captureLogs();
    log.info("lead.stored", "Lead stored", { duplicate: false });
    log.error("lead.store_failed", "Lead not stored");
    expect(logs.text().split("\n").filter(Boolean)).toHaveLength(2);
    expect(logs.lines[0]).toMatchObject({ level: "info", msg: "Lead stored", event: "lead.stored", duplicate: false });
    expect(logs.lines[1]).toMatchObject({ level: "error", event: "lead.store_failed" });
    expect(new Date(logs.lines[0]!.time).toISOString()).toBe(logs.lines[0]!.time);
  });

  it("redact the visitor's personal data at the top, in a lead and in a conversion payload, by pino's own redaction", () => {
    logs = captureLogs();
    log.info("conversion.sent", "fields at the top", { ...PERSON });
    log.info("conversion.sent", "a lead", { lead: { ...PERSON, market: "mx" } });
    log.info("conversion.sent", "the payload's own fields", { payload: { ...PERSON } });
    log.info("conversion.sent", "a conversion payload", {
      payload: { userData: { ...PERSON, country: "usa" }, customData: { company: PERSON.company, volume: "0-4999" } },
    });
    for (const value of Object.values(PERSON)) expect(logs.text()).not.toContain(value);
    expect(logs.lines[1]).toMatchObject({ lead: { email: "[redacted]", market: "mx" } });
    expect(logs.lines[3]).toMatchObject({
      payload: {
        userData: { email: "[redacted]", country: "usa" },
        customData: { company: "[redacted]", volume: "0-4999" },
      },
    });
  });

  it("keep an error's type, message, stack and cause, never its other properties (a database's row detail)", () => {
    logs = captureLogs();
    const error = Object.assign(new Error("insert failed", { cause: new Error("connection reset") }), {
      detail: `Failing row contains (${PERSON.email})`,
      code: "23514",
    });
    log.error("lead.store_failed", "Lead not stored", { err: error });
    expect(logs.lines[0]!.err).toEqual({
      type: "Error",
      message: "insert failed",
      stack: expect.stringContaining("insert failed"),
      cause: "connection reset",
    });
    expect(logs.text()).not.toContain(PERSON.email);
  });

  it("carry the request id, the market and the lead id while a request is served, and in work it schedules", async () => {
    logs = captureLogs();
    await withRequestContext({ requestId: "req-1" }, async () => {
      log.info("request.completed", "before the lead is known");
      tagRequest({ market: "br", leadId: "5f0c9a8e-2a49-4c55-9c53-8c2f2b1d7e10" });
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.info("lead.stored", "after");
      // What runs later from this request (as Next's after() does: bound to the request's async context).
      setTimeout(() => log.info("conversion.sent", "later"), 5);
    });
    log.info("page.not_found", "outside any request");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logs.lines.map((l) => [l.event, l.requestId, l.market, l.leadId])).toEqual([
      ["request.completed", "req-1", undefined, undefined],
      ["lead.stored", "req-1", "br", "5f0c9a8e-2a49-4c55-9c53-8c2f2b1d7e10"],
      ["page.not_found", undefined, undefined, undefined],
      ["conversion.sent", "req-1", "br", "5f0c9a8e-2a49-4c55-9c53-8c2f2b1d7e10"],
    ]);
  });
});

describe("the request id", () => {
  it("is the platform's when the operator names its header and it is well-formed", () => {
    const headers = new Headers({
      "x-vercel-id": "gru1::iad1::abcde-1763860000000-0123456789ab",
      "x-amzn-trace-id": "Root=1-67891233-abcdef012345678912345678",
    });
    expect(requestId(headers, "x-vercel-id")).toBe("gru1::iad1::abcde-1763860000000-0123456789ab");
    expect(requestId(headers, "x-amzn-trace-id")).toBe("Root=1-67891233-abcdef012345678912345678");
  });

  it("is generated when no header is named, or the named one is missing, too long or not printable", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(requestId(new Headers({ "x-request-id": "abc" }), undefined)).toMatch(uuid);
    expect(requestId(new Headers(), "x-request-id")).toMatch(uuid);
    for (const value of ["a".repeat(201), "two words", "<script>", 'a"b', "{}"]) {
      expect(requestId(new Headers({ "x-request-id": value }), "x-request-id"), value.slice(0, 10)).toMatch(uuid);
    }
  });
});
