import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { handleContact } from "@/lib/contact/handle-contact";
import { MemoryRateLimiter } from "@/lib/contact/rate-limiter";
import { openIntake } from "../support/contact/contact-deps";
import { SupabaseLeadsStore } from "@/lib/contact/supabase-leads-store";
import { LeadRejectedError, StoreUnavailableError, type Lead } from "@/lib/contact/leads-store-contract";
import { startFakeSupabase, type FakeSupabase } from "../support/supabase/fake-supabase";
import { captureLogs } from "../support/telemetry/log-lines";
import { sampleLead } from "../support/contact/sample-lead";

let fake: FakeSupabase;
const ANON_KEY = "test-anon-key";
const SIGNING_SECRET = "test-conversion-signing-secret-0123456789";

/** The sample lead with what these checks rely on: no attribution, consent unanswered. */
const lead = (): Lead =>
  sampleLead({
    company: "Acme",
    contact: "Ana",
    volume: "0-4999",
    attribution: {},
    consent: "unanswered",
    noticeVersion: null,
  });
const visit = {
  pageUrl: "https://pagos.example/mx?fbclid=abc",
  userAgent: "Mozilla/5.0",
  ip: "203.0.113.9",
  fbc: "fb.1.1763860000000.abc",
};
const store = (timeoutMs = 500) => new SupabaseLeadsStore(fake.url, ANON_KEY, { timeoutMs, backoffMs: 20 });
const inserts = () => fake.requests.filter((r) => r.path === "/rest/v1/contact_submissions");

beforeAll(async () => {
  fake = await startFakeSupabase(0, { signingSecret: SIGNING_SECRET });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.setMode({ rest: "ok", functions: "ok" });
  fake.requests.length = 0;
});

describe("the Supabase store, through the real supabase-js client", () => {
  it("POSTs an array with one row to /rest/v1/contact_submissions with the anon key", async () => {
    const l = lead();
    expect(await store().insert(l)).toBe("stored");
    const [request] = inserts();
    expect(request).toMatchObject({ method: "POST", apikey: ANON_KEY });
    expect(request!.body).toEqual([
      {
        id: l.id,
        company: "Acme",
        contact_name: "Ana",
        email: "ana@example.com",
        phone_prefix: "52",
        phone: "5512345678",
        phone_e164: "+525512345678",
        country: "usa",
        reason: "goods",
        volume: "0-4999",
        market: "mx",
        tracking_consent: "unanswered",
        variant: "mx-china-titulo--ahorro",
        device: "phone",
      },
    ]);
    expect((await fake.rows()).filter((r) => r.id === l.id)).toHaveLength(1);
  });

  it("sends the lead's first and last touch as their columns, and PostgreSQL stores them", async () => {
    const l: Lead = {
      ...lead(),
      attribution: {
        first: {
          utm_source: "newsletter",
          utm_campaign: "a",
          landing_url: "https://pagos.example/mx?utm_source=newsletter&utm_campaign=a",
          at: "2026-11-20T10:00:00.000Z",
        },
        last: {
          utm_source: "google",
          utm_medium: "cpc",
          utm_campaign: "b",
          gclid: "Cj0KCQiA_x",
          referrer: "https://www.google.com/",
          at: "2026-11-22T10:00:00.000Z",
        },
      },
    };
    expect(await store().insert(l)).toBe("stored");
    expect(inserts()[0]!.body).toEqual([
      expect.objectContaining({
        first_utm_source: "newsletter",
        first_utm_campaign: "a",
        first_landing_url: "https://pagos.example/mx?utm_source=newsletter&utm_campaign=a",
        first_touch_at: "2026-11-20T10:00:00.000Z",
        last_utm_source: "google",
        last_utm_medium: "cpc",
        last_utm_campaign: "b",
        last_gclid: "Cj0KCQiA_x",
        last_referrer: "https://www.google.com/",
        last_touch_at: "2026-11-22T10:00:00.000Z",
      }),
    ]);
    // Absent values are left out of the body, not sent as null.
    expect(Object.keys((inserts()[0]!.body as Record<string, unknown>[])[0]!)).not.toContain("first_gclid");
    const [row] = (await fake.rows()).filter((r) => r.id === l.id) as Record<string, unknown>[];
    expect(row).toMatchObject({
      first_utm_campaign: "a",
      last_utm_campaign: "b",
      last_gclid: "Cj0KCQiA_x",
      first_gclid: null,
      last_landing_url: null,
    });
    expect(new Date(row!.first_touch_at as string).toISOString()).toBe("2026-11-20T10:00:00.000Z");
  });

  it("treats a repeated id (409 / 23505) as the first attempt having landed", async () => {
    const l = lead();
    await store().insert(l);
    expect(await store().insert(l)).toBe("duplicate");
    expect((await fake.rows()).filter((r) => r.id === l.id)).toHaveLength(1);
  });

  it("retries a 5xx a bounded number of times, then reports the store unavailable", async () => {
    fake.setMode({ rest: "down" });
    const logs = captureLogs();
    await expect(store().insert(lead())).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(inserts()).toHaveLength(3);
    expect(logs.events("lead.store_retry").map((l) => [l.level, l.attempt, l.status])).toEqual([
      ["warn", 1, 500],
      ["warn", 2, 500],
      ["warn", 3, 500],
    ]);
    logs.restore();
  });

  it("names the field the database refused (a CHECK violation is the visitor's input, not an outage), once", async () => {
    // PostgREST answers 400 with SQLSTATE 23514 and the constraint's name. Retrying cannot help.
    const refused = store().insert({ ...lead(), country: "mars" } as unknown as Lead);
    await expect(refused).rejects.toBeInstanceOf(LeadRejectedError);
    await expect(refused).rejects.toMatchObject({ field: "country" });
    await expect(store().insert({ ...lead(), phoneE164: "+525500000000" })).rejects.toMatchObject({ field: "phone" });
    expect(inserts()).toHaveLength(2);
  });

  it("treats another 4xx (a wrong key, a missing grant) as the operator's error, not as unavailable", async () => {
    const logs = captureLogs();
    // A project URL that is not PostgREST's: 404, which no retry or visitor can fix.
    const misconfigured = new SupabaseLeadsStore(`${fake.url}/elsewhere`, ANON_KEY, {
      timeoutMs: 500,
      backoffMs: 10,
    });
    const failure = await misconfigured.insert(lead()).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(StoreUnavailableError);
    expect(logs.events("lead.store_retry")[0]?.msg).toMatch(/status 404.*not retried/);
    logs.restore();
  });

  it("never logs the visitor's contact details", async () => {
    fake.setMode({ rest: "down" });
    const logs = captureLogs();
    await expect(store().insert(lead())).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(logs.text()).not.toContain("ana@example.com");
    expect(logs.text()).not.toContain("5512345678");
    logs.restore();
  });

  it("gives up on a refused connection with the store unavailable, after the bounded retries", async () => {
    fake.setMode({ rest: "refuse" });
    const logs = captureLogs();
    await expect(store().insert(lead())).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(inserts()).toHaveLength(3);
    expect(logs.events("lead.store_retry")).toHaveLength(3);
    logs.restore();
  });

  it("gives up when nothing listens at the Supabase URL", async () => {
    const logs = captureLogs();
    const nowhere = new SupabaseLeadsStore("http://127.0.0.1:9", ANON_KEY, { timeoutMs: 500, backoffMs: 10 });
    await expect(nowhere.insert(lead())).rejects.toBeInstanceOf(StoreUnavailableError);
    logs.restore();
  });

  it("abandons a call past its deadline, and the retry after recovery stores no duplicate", async () => {
    fake.setMode({ rest: "slow", slowMs: 400 });
    const logs = captureLogs();
    const l = lead();
    const started = Date.now();
    await expect(store(100).insert(l)).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(1_000);
    // The slow attempts still land in the database after the client gave up on them.
    await new Promise((r) => setTimeout(r, 600));
    fake.setMode({ rest: "ok" });
    expect(await store().insert(l)).toBe("duplicate");
    expect((await fake.rows()).filter((r) => r.id === l.id)).toHaveLength(1);
    logs.restore();
  });
});

describe("the route on the Supabase store", () => {
  const SITE = "http://127.0.0.1:3101";
  const body = (submissionId: string) =>
    JSON.stringify({
      company: "Acme",
      contact: "Ana",
      email: "ana@example.com",
      phonePrefix: "52",
      phone: "55 1234 5678",
      country: "usa",
      reason: "goods",
      volume: "0-4999",
      market: "mx",
      submissionId,
      website: "",
    });
  const submit = (submissionId: string) =>
    handleContact(
      new Request(`${SITE}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: SITE },
        body: body(submissionId),
      }),
      {
        store: async () => store(100),
        limiter: new MemoryRateLimiter(0),
        ...openIntake(),
        consent: async () => "unanswered",
        report: () => {},
        alert: () => {},
        siteUrl: SITE,
      },
    );

  it("answers 503 while the store is slow past its deadline, and the visitor's retry after recovery stores one row", async () => {
    const logs = captureLogs();
    const id = randomUUID();
    fake.setMode({ rest: "slow", slowMs: 300 });
    expect((await submit(id)).status).toBe(503);
    fake.setMode({ rest: "ok" });
    expect((await submit(id)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 400)); // let the abandoned slow attempts finish on the server
    expect((await fake.rows()).filter((r) => r.id === id)).toHaveLength(1);
    logs.restore();
  });

  it("answers 503 when Supabase is down or refuses connections", async () => {
    const logs = captureLogs();
    for (const rest of ["down", "refuse"] as const) {
      fake.setMode({ rest });
      const response = await submit(randomUUID());
      expect(response.status, rest).toBe(503);
      expect((await response.json()).error).toBeTruthy();
    }
    logs.restore();
  });
});

describe("conversion reporting in Supabase mode", () => {
  it("invokes meta-conversion with the Lead body, signed with the shared secret, and a failing function is only logged", async () => {
    vi.resetModules();
    vi.stubEnv("SUPABASE_URL", fake.url);
    vi.stubEnv("SUPABASE_ANON_KEY", ANON_KEY);
    vi.stubEnv("CONVERSION_SIGNING_SECRET", SIGNING_SECRET);
    const { reportLeadConversion } = await import("@/lib/meta/conversion-reporter");
    const l = { ...lead(), consent: "granted" as const };
    await reportLeadConversion(l, visit);
    const call = fake.requests.find((r) => r.path === "/functions/v1/meta-conversion");
    expect(call).toMatchObject({ method: "POST", apikey: ANON_KEY, signed: true });
    expect(call!.body).toEqual({
      eventName: "Lead",
      eventId: l.id,
      userData: { email: "ana@example.com", phone: "+525512345678", country: "usa" },
      customData: { company: "Acme", reason: "goods", volume: "0-4999" },
      market: "mx",
      eventSourceUrl: visit.pageUrl,
      clientUserAgent: visit.userAgent,
      clientIpAddress: visit.ip,
      fbc: visit.fbc,
      consent: "granted",
      // What the site vouches for: this request passed every check, and stored these details.
      held: null,
      leadDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    fake.setMode({ functions: "down" });
    const logs = captureLogs();
    await expect(reportLeadConversion(lead(), visit)).resolves.toBeUndefined();
    expect(logs.events("conversion.failed")).toMatchObject([{ level: "error", status: 500 }]);
    expect(logs.text()).not.toMatch(/ana@example\.com|5512345678|Acme/);
    logs.restore();
    fake.setMode({ functions: "ok" });
    vi.unstubAllEnvs();
  });

  it("sends nothing unsigned: without CONVERSION_SIGNING_SECRET it logs why, naming the variable", async () => {
    vi.resetModules();
    vi.stubEnv("SUPABASE_URL", fake.url);
    vi.stubEnv("SUPABASE_ANON_KEY", ANON_KEY);
    vi.stubEnv("CONVERSION_SIGNING_SECRET", "");
    const logs = captureLogs();
    const { reportLeadConversion } = await import("@/lib/meta/conversion-reporter");
    const l = { ...lead(), consent: "granted" as const };
    await reportLeadConversion(l, visit);
    expect(
      fake.requests.some(
        (r) => r.path === "/functions/v1/meta-conversion" && (r.body as { eventId?: string })?.eventId === l.id,
      ),
    ).toBe(false);
    logs.restore();
    expect(logs.events("conversion.failed").map((l) => (l.err as { message: string }).message)).toEqual([
      expect.stringContaining("CONVERSION_SIGNING_SECRET is not set"),
    ]);
    vi.unstubAllEnvs();
  });
});
