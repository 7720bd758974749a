import { describe, expect, it } from "vitest";
import {
  attemptFor,
  failureMessage,
  isExpected,
  leadRequest,
  resultOf,
  sendLead,
  type FormEntries,
  type SubmissionFailure,
} from "@/app/_components/contact-form/lead-submission";
import { FORM_COPY } from "../support/contact/contact-form-copy";

const ENTRIES: FormEntries = [
  ["company", "Importadora del Norte"],
  ["contact", "Ana Pérez"],
  ["email", "ana@empresa.com"],
  ["phonePrefix", "52"],
  ["phone", "55 1234 5678"],
  ["country", "usa"],
  ["reason", "goods"],
  ["volume", "10000-49999"],
  ["website", ""],
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const answer = (status: number, body?: unknown, headers?: Record<string, string>) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers });
const failure = async (response: Response) => (await resultOf(response)) as SubmissionFailure;

describe("the submission id: one lead per submission, however often it is sent", () => {
  it("an unchanged retry (or a double click) reuses the last attempt's id", () => {
    const first = attemptFor(null, ENTRIES);
    expect(first.id).toMatch(UUID);
    expect(attemptFor(first, structuredClone(ENTRIES)).id).toBe(first.id);
  });

  it("a changed value is a new submission with a new id", () => {
    const first = attemptFor(null, ENTRIES);
    const edited = ENTRIES.map(([name, value]): [string, string] => [
      name,
      name === "phone" ? "55 1234 5679" : `${value}`,
    ]);
    const second = attemptFor(first, edited);
    expect(second.id).toMatch(UUID);
    expect(second.id).not.toBe(first.id);
    // Going back to the first values is a new attempt too: only the last one is remembered.
    expect(attemptFor(second, ENTRIES).id).not.toBe(first.id);
  });
});

describe("the body posted to /api/contact", () => {
  it("holds the form's values by control name, the market, the id, the attribution, the notice's version and the proof", () => {
    const attribution = { first: { source: "facebook", at: "2025-01-01T00:00:00.000Z" } };
    const context = { market: "mx", submissionId: "id-1", attribution, noticeVersion: "2025-01", proof: "p" } as const;
    const body = leadRequest(ENTRIES, context);
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      ...Object.fromEntries(ENTRIES),
      market: "mx",
      submissionId: "id-1",
      attribution,
      noticeVersion: "2025-01",
      proof: "p",
    });
  });

  it("is POSTed as JSON to the route handler", async () => {
    const calls: [string, RequestInit][] = [];
    const send = async (url: string | URL | Request, init?: RequestInit) => {
      calls.push([`${url}`, init!]);
      return answer(201, { ok: true });
    };
    const body = leadRequest(ENTRIES, {
      market: "br",
      submissionId: "id-2",
      attribution: {},
      noticeVersion: "v1",
      proof: null,
    });
    expect(await sendLead(body, send as typeof fetch)).toEqual({ kind: "sent", answer: { ok: true } });
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0]!;
    expect(url).toBe("/api/contact");
    expect(init.method).toBe("POST");
    expect(init.headers).toEqual({ "content-type": "application/json" });
    expect(JSON.parse(init.body as string)).toMatchObject({ company: "Importadora del Norte", submissionId: "id-2" });
  });
});

describe("each answer of the route, as the visitor meets it", () => {
  it("201: sent, with the route's answer kept for the confirmation", async () => {
    expect(await resultOf(answer(201, { ok: true, reference: "PP-1" }))).toEqual({
      kind: "sent",
      answer: { ok: true, reference: "PP-1" },
    });
  });

  it("422 naming fields: those fields, and the words asking to check the marked ones", async () => {
    const fields = { email: "Not a valid email address", phone: "Not a valid number for +1" };
    const result = await failure(answer(422, { error: "Some fields are invalid", fields }));
    expect(result).toMatchObject({ kind: "invalid", fields });
    expect(failureMessage(result, FORM_COPY, "es-MX")).toBe(FORM_COPY.errorInvalid);
    expect(isExpected(result)).toBe(true);
  });

  it("422 naming no field: the general words", async () => {
    const result = await failure(answer(422, { error: "Some fields are invalid" }));
    expect(result.kind).toBe("failed");
    expect(failureMessage(result, FORM_COPY, "es-MX")).toBe(FORM_COPY.errorMessage);
  });

  it.each([
    ["300", "es-MX", "Vuelve a intentarlo en 5 minutos."],
    ["61", "es-MX", "Vuelve a intentarlo en 2 minutos."],
    ["20", "pt-BR", "Vuelve a intentarlo en 1 minuto."],
    [null, "es-AR", "Vuelve a intentarlo en 1 minuto."],
  ])("429 with Retry-After %s: the wait in whole minutes, in %s", async (retryAfter, locale, words) => {
    const result = await failure(answer(429, { error: "Too many" }, retryAfter ? { "retry-after": retryAfter } : {}));
    expect(result.kind).toBe("rate-limited");
    expect(failureMessage(result, FORM_COPY, locale)).toBe(`Hiciste varios intentos seguidos. ${words}`);
  });

  it("429 with Retry-After as an HTTP date: the minutes until then", async () => {
    const now = Date.parse("2025-06-01T12:00:00Z");
    const headers = { "retry-after": "Sun, 01 Jun 2025 12:09:30 GMT" };
    expect(await resultOf(answer(429, {}, headers), now)).toMatchObject({ kind: "rate-limited", minutes: 10 });
  });

  it("503: the store is down, the general words, a warning", async () => {
    const result = await failure(answer(503, { error: "We could not save your request right now" }));
    expect(result.kind).toBe("unavailable");
    expect(failureMessage(result, FORM_COPY, "es-MX")).toBe(FORM_COPY.errorMessage);
    expect(isExpected(result)).toBe(true);
  });

  it.each([400, 403, 415, 500])(
    "%i (a bug between the form and the route): the general words, an error",
    async (status) => {
      const result = await failure(answer(status, { error: "x" }));
      expect(result).toMatchObject({ kind: "failed", status });
      expect(failureMessage(result, FORM_COPY, "es-MX")).toBe(FORM_COPY.errorMessage);
      expect(isExpected(result)).toBe(false);
    },
  );

  it("an answer that is not JSON, from a proxy: still a failure, not a crash", async () => {
    const result = await resultOf(new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(result).toMatchObject({ kind: "failed", status: 502 });
  });

  it("no answer at all: the general words, a warning", async () => {
    const send = () => Promise.reject(new TypeError("Failed to fetch"));
    const result = (await sendLead(
      leadRequest(ENTRIES, { market: "mx", submissionId: "id", attribution: {}, noticeVersion: "v", proof: null }),
      send,
    )) as SubmissionFailure;
    expect(result).toMatchObject({ kind: "failed", status: null });
    expect(failureMessage(result, FORM_COPY, "es-MX")).toBe(FORM_COPY.errorMessage);
    expect(isExpected(result)).toBe(true);
  });
});
