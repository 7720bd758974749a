import type { PGlite } from "@electric-sql/pglite";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { handleContact, MAX_BODY_BYTES, type ContactDeps } from "@/lib/contact/handle-contact";
import { PgliteLeadsStore } from "@/lib/contact/pglite-leads-store";
import { MemoryRateLimiter } from "@/lib/contact/rate-limiter";
import { openIntake } from "../support/contact/contact-deps";
import {
  LeadRejectedError,
  StoreUnavailableError,
  type Lead,
  type LeadsStore,
} from "@/lib/contact/leads-store-contract";
import type { LeadVisit } from "@/lib/meta/conversion-reporter";
import { followUpFor } from "@/lib/conversation/next-steps";
import { leadReference } from "@/lib/conversation/reference";
import { validContactRequest as valid } from "../support/contact/contact-request";
import { seedLandingContent } from "../support/sanity/seed-landing-content";
import { captureLogs } from "../support/telemetry/log-lines";
import { migratedDatabase } from "../support/supabase/empty-database";
import { exposedVariant } from "@/lib/experiments/exposure";
import type { RunningExperiment } from "@/lib/experiments/experiment-content";

const SITE = "https://pagos.example";
let db: PGlite;
let store: PgliteLeadsStore;
let reported: Lead[];
let visits: LeadVisit[];
let alerted: Lead[];

function deps(overrides: Partial<ContactDeps> = {}): ContactDeps {
  return {
    store: async () => store,
    limiter: new MemoryRateLimiter(0),
    ...openIntake(),
    report: (lead, visit) => (reported.push(lead), visits.push(visit)),
    alert: (lead) => alerted.push(lead),
    consent: async () => "granted",
    siteUrl: SITE,
    ...overrides,
  };
}

function post(body: string | object, headers: Record<string, string> = {}) {
  return new Request(`${SITE}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const rowCount = async () =>
  (await db.query<{ n: number }>("select count(*)::int as n from contact_submissions")).rows[0]!.n;

beforeAll(async () => {
  // As behind a proxy that sets X-Real-IP (read once per process, like the server's environment).
  vi.stubEnv("CLIENT_IP_HEADER", "x-real-ip");
  db = await migratedDatabase();
  store = await PgliteLeadsStore.onDatabase(db);
});
afterAll(() => db.close());
beforeEach(async () => {
  reported = [];
  visits = [];
  alerted = [];
  await db.exec("delete from contact_submissions");
});

describe("POST /api/contact", () => {
  it("stores a valid lead once per submission id, answers 201, and reports it under that id", async () => {
    const body = valid();
    const response = await handleContact(post(body), deps());
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    // A retry of a lead that landed is a success too, and is reported again: Meta deduplicates on the id.
    expect((await handleContact(post(body), deps())).status).toBe(201);
    expect(await rowCount()).toBe(1);
    expect(reported.map((l) => l.id)).toEqual([body.submissionId, body.submissionId]);
    const { rows } = await db.query("select company, contact_name, phone_prefix, market from contact_submissions");
    expect(rows[0]).toEqual({
      company: "Acme Importaciones",
      contact_name: "Ana Pérez",
      phone_prefix: "52",
      market: "mx",
    });
  });

  it.each([
    ["Mexico", { phonePrefix: "52", phone: "55.1234.5678", market: "mx" }, ["52", "5512345678", "+525512345678"]],
    [
      "Mexico, with its + code",
      { phonePrefix: "52", phone: "+52 55 1234 5678", market: "mx" },
      ["52", "5512345678", "+525512345678"],
    ],
    ["Brazil", { phonePrefix: "55", phone: "(11) 98765-4321", market: "br" }, ["55", "11987654321", "+5511987654321"]],
    [
      "Argentina",
      { phonePrefix: "54", phone: "011 15 1234-5678", market: "ar" },
      ["54", "91112345678", "+5491112345678"],
    ],
    [
      "a + code other than the selected prefix",
      { phonePrefix: "52", phone: "+1 (201) 555-0123", market: "mx" },
      ["1", "2015550123", "+12015550123"],
    ],
  ])("stores a phone from %s as national digits and E.164", async (_, overrides, [prefix, phone, e164]) => {
    const body = valid(overrides);
    expect((await handleContact(post(body), deps())).status).toBe(201);
    const { rows } = await db.query("select phone_prefix, phone, phone_e164 from contact_submissions where id = $1", [
      body.submissionId,
    ]);
    expect(rows[0]).toEqual({ phone_prefix: prefix, phone, phone_e164: e164 });
    expect(reported[0]).toMatchObject({ phonePrefix: prefix, phone, phoneE164: e164 });
  });

  it("reports the visit Meta needs: the page it was sent from, the browser, the address and Meta's ids", async () => {
    const headers = {
      referer: `${SITE}/ar?utm_source=facebook&fbclid=IwAR3abc`,
      "user-agent": "Mozilla/5.0 (Android 15) Chrome/156.0",
      "x-real-ip": "203.0.113.9",
      cookie: "_fbp=fb.1.1763860000000.1234567890; theme=dark",
    };
    const before = Date.now();
    expect((await handleContact(post(valid({ market: "ar" }), headers), deps())).status).toBe(201);
    const [visit] = visits;
    expect(visit).toMatchObject({
      pageUrl: headers.referer,
      userAgent: headers["user-agent"],
      ip: "203.0.113.9",
      fbp: "fb.1.1763860000000.1234567890",
    });
    const [, , ms, fbclid] = visit!.fbc!.split(".");
    expect(fbclid).toBe("IwAR3abc");
    expect(Number(ms)).toBeGreaterThanOrEqual(before);

    // A foreign Referer is not our page; no usable address is left out rather than invented.
    await handleContact(post(valid({ market: "br" }), { referer: "https://evil.example/br" }), deps());
    expect(visits[1]).toMatchObject({ pageUrl: `${SITE}/br`, ip: null });
    expect(visits[1]).not.toHaveProperty("fbc");
  });

  it("without tracking consent, sends the function no browser ids, no address and a page URL without click ids, and records why", async () => {
    const asked: [string, string | null, string | null][] = [];
    const headers = {
      referer: `${SITE}/br?utm_source=meta&fbclid=IwAR3abc&gclid=Cj0KCQ`,
      cookie: "_fbp=fb.1.1763860000000.1234567890; tracking_consent_br=denied.2026-11-23",
      "x-real-ip": "203.0.113.9",
    };
    const consent = async (market: string, cookie: string | null, version: string | null) => (
      asked.push([market, cookie, version]),
      "denied" as const
    );
    const body = valid({
      market: "br",
      noticeVersion: "2026-11-23",
      attribution: {
        last: { utm_source: "meta", fbclid: "IwAR3abc", landing_url: `${SITE}/br?utm_source=meta&fbclid=IwAR3abc` },
      },
    });
    expect((await handleContact(post(body, headers), deps({ consent }))).status).toBe(201);
    expect(asked).toEqual([["br", headers.cookie, "2026-11-23"]]);
    expect(visits[0]).toEqual({ pageUrl: `${SITE}/br?utm_source=meta`, userAgent: null, ip: null });
    expect(reported[0]).toMatchObject({
      consent: "denied",
      noticeVersion: "2026-11-23",
      attribution: { last: { utm_source: "meta", landing_url: `${SITE}/br?utm_source=meta` } },
    });
    const { rows } = await db.query(
      "select tracking_consent, privacy_notice_version, last_utm_source, last_fbclid, last_landing_url from contact_submissions",
    );
    expect(rows).toEqual([
      {
        tracking_consent: "denied",
        privacy_notice_version: "2026-11-23",
        last_utm_source: "meta",
        last_fbclid: null,
        last_landing_url: `${SITE}/br?utm_source=meta`,
      },
    ]);
  });

  it("keeps a landing page only on the site's own origin: the email and the CRM show it as ours", async () => {
    const body = valid({
      attribution: {
        first: { utm_source: "meta", landing_url: "https://evil.example/mx?utm_source=meta" },
        last: {
          utm_source: "google",
          landing_url: `${SITE}/mx?utm_source=google`,
          referrer: "https://www.google.com/search",
        },
      },
    });
    expect((await handleContact(post(body), deps())).status).toBe(201);
    const { rows } = await db.query(
      "select first_utm_source, first_landing_url, last_landing_url, last_referrer from contact_submissions",
    );
    expect(rows).toEqual([
      {
        first_utm_source: "meta",
        first_landing_url: null,
        last_landing_url: `${SITE}/mx?utm_source=google`,
        last_referrer: "https://www.google.com/search",
      },
    ]);
    expect(alerted[0]!.attribution.first).not.toHaveProperty("landing_url");
  });

  it("stores both touches with the lead, click ids included where tracking is allowed", async () => {
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    const attribution = {
      first: {
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: "pagos-usa",
        gclid: "Cj0KCQiA_x-y.z~1",
        landing_url: `${SITE}/mx?utm_source=google&gclid=Cj0KCQiA_x-y.z~1`,
        referrer: "https://www.google.com/",
        at: at(20),
      },
      last: {
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: "noviembre",
        utm_term: "fx",
        utm_content: "boton",
        landing_url: `${SITE}/mx/empresas?utm_source=newsletter`,
        at: at(1),
      },
    };
    expect((await handleContact(post(valid({ attribution, noticeVersion: "2026-11-23" })), deps())).status).toBe(201);
    const { rows } = await db.query<Record<string, unknown>>("select * from contact_submissions");
    expect(rows[0]).toMatchObject({
      first_utm_source: "google",
      first_utm_medium: "cpc",
      first_utm_campaign: "pagos-usa",
      first_gclid: "Cj0KCQiA_x-y.z~1",
      first_referrer: "https://www.google.com/",
      // The landing page keeps its campaign parameters; the click id has its own column.
      first_landing_url: `${SITE}/mx?utm_source=google`,
      last_utm_source: "newsletter",
      last_utm_term: "fx",
      last_utm_content: "boton",
      last_landing_url: attribution.last.landing_url,
      tracking_consent: "granted",
      privacy_notice_version: "2026-11-23",
    });
    expect((rows[0]!.first_touch_at as Date).toISOString()).toBe(attribution.first.at);
    expect((rows[0]!.last_touch_at as Date).toISOString()).toBe(attribution.last.at);
  });

  it("stores the variant the experiments cookie names when it is one of the experiment running on the lead's page", async () => {
    const titleTest: RunningExperiment = {
      key: "mx-china-titulo",
      market: "mx",
      page: "/mx/importadores-china",
      plannedEnd: null,
      variants: [
        { key: "control", weight: 0.5 },
        { key: "ahorro", weight: 0.5 },
      ],
    };
    const withExperiments = deps({ variant: async (page, cookie) => exposedVariant(page, cookie, [titleTest]) });
    const cookie = { cookie: "experiments=mx-china-titulo--ahorro" };
    const sent = [
      valid({ market: "mx", page: "importadores-china" }),
      // The market's page runs no experiment; a variant the experiment does not have counts for nothing.
      valid({ market: "mx" }),
      valid({ market: "mx", page: "importadores-china" }),
    ];
    expect((await handleContact(post(sent[0]!, cookie), withExperiments)).status).toBe(201);
    expect((await handleContact(post(sent[1]!, cookie), withExperiments)).status).toBe(201);
    const other = { cookie: "experiments=mx-china-titulo--otra" };
    expect((await handleContact(post(sent[2]!, other), withExperiments)).status).toBe(201);
    const { rows } = await db.query<{ id: string; variant: string | null }>(
      "select id, variant from contact_submissions",
    );
    const variantOf = (body: { submissionId: string }) => rows.find((r) => r.id === body.submissionId)?.variant;
    expect(sent.map((body) => variantOf(body))).toEqual(["mx-china-titulo--ahorro", null, null]);
    expect(alerted.map((lead) => lead.variant)).toEqual(["mx-china-titulo--ahorro", undefined, undefined]);
  });

  it("stores the device class the lead was sent from, as the visit counts name it", async () => {
    const phone = valid();
    const desktop = valid();
    const hinted = valid();
    const android =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36";
    expect((await handleContact(post(phone, { "user-agent": android }), deps())).status).toBe(201);
    expect(
      (await handleContact(post(desktop, { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" }), deps())).status,
    ).toBe(201);
    // Chromium's client hint says so even where its user agent is reduced.
    expect((await handleContact(post(hinted, { "sec-ch-ua-mobile": "?1" }), deps())).status).toBe(201);
    const { rows } = await db.query<{ id: string; device: string | null }>(
      "select id, device from contact_submissions",
    );
    const deviceOf = (body: { submissionId: string }) => rows.find((r) => r.id === body.submissionId)?.device;
    expect([phone, desktop, hinted].map(deviceOf)).toEqual(["phone", "desktop", "phone"]);
    expect(alerted.map((lead) => lead.device)).toEqual(["phone", "desktop", "phone"]);
  });

  it("tells sales once per lead: not for a retry of a stored lead, nor for a bot", async () => {
    const body = valid();
    expect((await handleContact(post(body), deps())).status).toBe(201);
    expect((await handleContact(post(body), deps())).status).toBe(201);
    expect((await handleContact(post(valid({ website: "spam" })), deps())).status).toBe(201);
    expect(alerted.map((l) => l.id)).toEqual([body.submissionId]);
  });

  it("stores the lead without its attribution when the database refuses only that", async () => {
    const logs = captureLogs();
    const inserted: Lead[] = [];
    const picky: LeadsStore = {
      insert: async (lead) => {
        if (lead.attribution.last)
          throw new LeadRejectedError('violates check constraint "contact_submissions_last_utm_source_check"');
        inserted.push(lead);
        return "stored";
      },
    };
    const response = await handleContact(
      post(valid({ attribution: { last: { utm_source: "x" } } })),
      deps({ store: async () => picky }),
    );
    expect(response.status).toBe(201);
    expect(inserted).toHaveLength(1);
    expect(inserted[0]!.attribution).toEqual({});
    expect(logs.events("lead.attribution_dropped")).toHaveLength(1);
    logs.restore();
  });

  it("also when the store's refusal comes from another copy of the store's module (the one instrumentation.ts opened)", async () => {
    vi.resetModules();
    const other = await import("@/lib/contact/leads-store-contract");
    expect(other.LeadRejectedError).not.toBe(LeadRejectedError);
    const inserted: Lead[] = [];
    const picky: LeadsStore = {
      insert: async (lead) => {
        if (lead.attribution.last)
          throw new other.LeadRejectedError('violates check constraint "contact_submissions_last_referrer_check"');
        inserted.push(lead);
        return "stored";
      },
    };
    expect(
      (
        await handleContact(
          post(valid({ attribution: { last: { utm_source: "x" } } })),
          deps({ store: async () => picky }),
        )
      ).status,
    ).toBe(201);
    expect(inserted).toHaveLength(1);
  });

  it.each([
    ["a NUL byte", "company", "Acme\u0000 SA"],
    ["a bell", "contact", "Ana\u0007"],
    ["an escape sequence", "company", "\u001b[31mAcme"],
    ["a right-to-left override", "contact", "Ana \u202egnp.exe"],
    ["a left-to-right embedding", "company", "\u202aAcme"],
    ["a first-strong isolate", "contact", "Ana\u2068"],
    ["a pop directional isolate in the email", "email", "ana\u2069@example.com"],
  ])("answers 422 naming the field for %s, never 503", async (_, field, value) => {
    const response = await handleContact(post(valid({ [field]: value })), deps());
    expect(response.status).toBe(422);
    expect(Object.keys(((await response.json()) as { fields: Record<string, string> }).fields)).toEqual([field]);
    expect(await rowCount()).toBe(0);
  });

  it("answers 422 naming the field when the database refuses a value, and 500 (not 'try again') for another refusal", async () => {
    const logs = captureLogs();
    const refusing: LeadsStore = {
      insert: async () =>
        Promise.reject(
          new LeadRejectedError(
            'new row for relation "contact_submissions" violates check constraint "contact_submissions_email_check"',
          ),
        ),
    };
    const rejected = await handleContact(post(valid()), deps({ store: async () => refusing }));
    expect(rejected.status).toBe(422);
    expect(((await rejected.json()) as { fields: Record<string, string> }).fields).toHaveProperty("email");
    const misconfigured: LeadsStore = {
      insert: async () => Promise.reject(new Error("Supabase refused the insert (status 401)")),
    };
    expect((await handleContact(post(valid()), deps({ store: async () => misconfigured }))).status).toBe(500);
    expect(reported).toEqual([]);
    expect(alerted).toEqual([]);
    logs.restore();
  });

  it.each([
    ["a missing field", { company: undefined }, "company"],
    ["an empty field after trimming", { contact: "   " }, "contact"],
    ["a malformed email", { email: "ana@intranet" }, "email"],
    ["letters in the phone", { phone: "call me maybe" }, "phone"],
    ["an unknown country", { country: "mars" }, "country"],
    ["an unknown reason", { reason: "gambling" }, "reason"],
    ["an unknown range", { volume: "1-2" }, "volume"],
    ["an unknown prefix", { phonePrefix: "44" }, "phonePrefix"],
    ["a company over 200 characters", { company: "x".repeat(201) }, "company"],
    ["a wrong type", { company: 42 }, "company"],
    ["a submission id that is not a UUID", { submissionId: "1" }, "submissionId"],
    ["a submission id that is not a v4 UUID", { submissionId: "8d7f1f0e-5b7a-1c8e-9a43-1f2d3c4b5a69" }, "submissionId"],
    ["a phone that cannot be Mexican", { phone: "55 1234" }, "phone"],
    ["an extra field", { admin: true }, "admin"],
  ])("answers 422 naming the field for %s, storing nothing", async (_, overrides, field) => {
    const response = await handleContact(post(valid(overrides)), deps());
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBeTruthy();
    expect(Object.keys(body.fields)).toContain(field);
    expect(await rowCount()).toBe(0);
  });

  it("answers 400 for malformed JSON and non-object bodies", async () => {
    for (const raw of ["{", "null", "[]", '"text"', ""]) {
      const response = await handleContact(post(raw), deps());
      expect(response.status, raw).toBe(400);
      expect((await response.json()).error).toBeTruthy();
    }
    expect(await rowCount()).toBe(0);
  });

  it("answers 415 for another content type and 405 for another method", async () => {
    expect((await handleContact(post(valid(), { "content-type": "text/plain" }), deps())).status).toBe(415);
    expect(
      (
        await handleContact(
          post(new URLSearchParams(valid() as Record<string, string>).toString(), {
            "content-type": "application/x-www-form-urlencoded",
          }),
          deps(),
        )
      ).status,
    ).toBe(415);
    expect((await handleContact(new Request(`${SITE}/api/contact`), deps())).status).toBe(405);
    expect(await rowCount()).toBe(0);
  });

  it("answers 413 for a body over the limit, declared or not", async () => {
    const huge = JSON.stringify(valid({ company: "x".repeat(MAX_BODY_BYTES) }));
    expect((await handleContact(post(huge), deps())).status).toBe(413);
    const streamed = new Request(`${SITE}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE },
      body: new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode(huge)), c.close()) }),
      duplex: "half",
    } as RequestInit);
    expect((await handleContact(streamed, deps())).status).toBe(413);
    expect(await rowCount()).toBe(0);
  });

  it("refuses a cross-site browser POST with 403, and accepts its own origin", async () => {
    for (const origin of ["https://evil.example", "https://pagos.example.evil.example", "null", "not a url"]) {
      const response = await handleContact(post(valid(), { origin }), deps());
      expect(response.status, origin).toBe(403);
      expect((await response.json()).error).toBeTruthy();
    }
    // No Origin at all: browsers send it with every POST, so this is a script; refused before anything is read.
    const withoutOrigin = new Request(`${SITE}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(valid()),
    });
    const refused = await handleContact(withoutOrigin, deps());
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatch(/Origin/);
    expect(await rowCount()).toBe(0);
    expect(alerted).toEqual([]);
    expect(reported).toEqual([]);
    // Another host of the same deployment counts when its header is the one the deployment trusts (development: Host).
    expect(
      (
        await handleContact(
          post(valid(), { origin: "http://127.0.0.1:3101", host: "127.0.0.1:3101" }),
          deps({ hostHeader: "host" }),
        )
      ).status,
    ).toBe(201);
  });

  it("does not take a host the client names as its own: X-Forwarded-Host or Host count only when the deployment trusts that header", async () => {
    const evil = {
      origin: "https://evil.example",
      referer: "https://evil.example/mx?fbclid=IwAR_forged",
      "x-forwarded-host": "evil.example",
      host: "evil.example",
    };
    for (const trusted of [undefined, "x-real-host"]) {
      const response = await handleContact(post(valid(), evil), deps({ hostHeader: trusted }));
      expect(response.status, String(trusted)).toBe(403);
    }
    expect(await rowCount()).toBe(0);
    // With our own Origin the lead is taken, but the forged Referer is not reported as its page.
    expect((await handleContact(post(valid({ market: "br" }), { ...evil, origin: SITE }), deps())).status).toBe(201);
    expect(visits.map((v) => v.pageUrl)).toEqual([`${SITE}/br`]);
    // Behind a proxy that sets X-Forwarded-Host (and the operator naming it), that value is the site's other host.
    const proxied = { origin: "https://www.pagos.example", "x-forwarded-host": "evil.example, www.pagos.example" };
    expect((await handleContact(post(valid(), proxied), deps({ hostHeader: "x-forwarded-host" }))).status).toBe(201);
  });

  it("answers a filled honeypot 201 and stores nothing", async () => {
    const response = await handleContact(post(valid({ website: "https://spam.example" })), deps());
    expect(response.status).toBe(201);
    expect(await rowCount()).toBe(0);
    expect(reported).toEqual([]);
  });

  it("limits each client to the configured rate with 429 and Retry-After", async () => {
    const limiter = new MemoryRateLimiter(5);
    const from = (ip: string) => ({ "x-real-ip": ip });
    for (let i = 0; i < 5; i++)
      expect((await handleContact(post(valid(), from("203.0.113.7")), deps({ limiter }))).status).toBe(201);
    const limited = await handleContact(post(valid(), from("203.0.113.7")), deps({ limiter }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect((await limited.json()).error).toBeTruthy();
    expect((await handleContact(post(valid(), from("198.51.100.2")), deps({ limiter }))).status).toBe(201);
    expect(await rowCount()).toBe(6);
  });

  it("holds the limit against a rotating X-Forwarded-For, a missing address and a rotating IPv6 /64", async () => {
    const logs = captureLogs();
    const statuses = async (limiter: MemoryRateLimiter, headers: (i: number) => Record<string, string>) => {
      const out: number[] = [];
      for (let i = 0; i < 20; i++) out.push((await handleContact(post(valid(), headers(i)), deps({ limiter }))).status);
      return out;
    };
    const accepted = (list: number[]) => list.filter((s) => s === 201).length;
    // The client writes X-Forwarded-For; the proxy's x-real-ip is what counts.
    expect(
      accepted(
        await statuses(new MemoryRateLimiter(5), (i) => ({
          "x-real-ip": "203.0.113.7",
          "x-forwarded-for": `10.0.0.${i}`,
        })),
      ),
    ).toBe(5);
    // No (or a garbled) address: one shared bucket, not a free pass.
    expect(
      accepted(
        await statuses(new MemoryRateLimiter(5), (i): Record<string, string> =>
          i % 2 ? {} : { "x-real-ip": `garbage-${i}` },
        ),
      ),
    ).toBe(5);
    // One IPv6 subscriber rotating through its /64.
    expect(
      accepted(await statuses(new MemoryRateLimiter(5), (i) => ({ "x-real-ip": `2001:db8:1:2::${i.toString(16)}` }))),
    ).toBe(5);
    // One site rotating through the /64s of its /48: each /64 is a new client, the /48 holds them to its own limit.
    const network = new MemoryRateLimiter({ perClient: 5, perNetwork: 12 });
    expect(accepted(await statuses(network, (i) => ({ "x-real-ip": `2001:db8:1:${i.toString(16)}::1` })))).toBe(12);
    logs.restore();
  });

  it("answers 503 when the store is unavailable, logs it, and reports nothing", async () => {
    const down: LeadsStore = {
      insert: async () => Promise.reject(new StoreUnavailableError("connection refused")),
    };
    const logs = captureLogs();
    const response = await handleContact(post(valid()), deps({ store: async () => down }));
    expect(response.status).toBe(503);
    expect((await response.json()).error).toBeTruthy();
    expect(logs.events("lead.store_unavailable")).toHaveLength(1);
    expect(reported).toEqual([]);
    expect(alerted).toEqual([]);
    logs.restore();
  });

  it("answers 503 when the embedded database is gone (closed at shutdown)", async () => {
    const closed = await PgliteLeadsStore.onDatabase(await migratedDatabase());
    await closed.close();
    const logs = captureLogs();
    const response = await handleContact(post(valid()), deps({ store: async () => closed }));
    expect(response.status).toBe(503);
    logs.restore();
  });

  it("answers 503 when the store cannot be opened", async () => {
    const logs = captureLogs();
    const response = await handleContact(
      post(valid()),
      deps({ store: () => Promise.reject(new StoreUnavailableError("could not open")) }),
    );
    expect(response.status).toBe(503);
    logs.restore();
  });

  it("stores exactly one row per id under 200 simultaneous submissions with 20 repeated ids", async () => {
    const unique = Array.from({ length: 180 }, () => valid());
    const repeated = unique.slice(0, 20).map((b) => ({ ...b, company: `${b.company} (retry)` }));
    const responses = await Promise.all([...unique, ...repeated].map((b) => handleContact(post(b), deps())));
    expect(responses.every((r) => r.status === 201)).toBe(true);
    expect(await rowCount()).toBe(180);
    const { rows } = await db.query<{ n: number }>("select count(distinct id)::int as n from contact_submissions");
    expect(rows[0]!.n).toBe(180);
    expect(new Set(reported.map((l) => l.id)).size).toBe(180);
  });
});

describe("hostile bodies (property-based)", () => {
  const hostileString = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.string({ unit: "binary", maxLength: 100 }),
    fc.constantFrom(
      "'; drop table contact_submissions; --",
      "<script>alert(1)</script>",
      "\u0000\u0007\u001b[31m",
      "\ud800",
      "x".repeat(40_000),
      "${jndi:ldap://x}",
      "__proto__",
    ),
  );
  const notText = fc.oneof(
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.object({ maxDepth: 4 }),
  );
  const hostileValue = fc.oneof(hostileString, notText);
  const REQUIRED = [
    "company",
    "contact",
    "email",
    "phonePrefix",
    "phone",
    "country",
    "reason",
    "volume",
    "market",
    "submissionId",
  ] as const;
  const CHOICES = ["phonePrefix", "country", "reason", "volume", "market", "submissionId"] as const;
  /** A real lead with one thing wrong, so the body reaches validation (and would reach the store if it slipped). */
  const nearlyValid = fc.oneof(
    fc.tuple(fc.constantFrom(...REQUIRED), notText).map(([key, value]) => ({ ...valid(), [key]: value })),
    fc.tuple(fc.constantFrom(...CHOICES), hostileString).map(([key, value]) => ({ ...valid(), [key]: value })),
    fc.constantFrom(...REQUIRED).map((key) => ({ ...valid(), [key]: undefined })),
    fc
      .tuple(
        fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !(k in valid())),
        hostileValue,
      )
      .map(([key, value]) => ({ ...valid(), [key]: value })),
  );
  const hostileBody = fc.oneof(
    nearlyValid,
    fc.record(
      {
        company: hostileValue,
        contact: hostileValue,
        email: hostileValue,
        phonePrefix: hostileValue,
        phone: hostileValue,
        country: hostileValue,
        reason: hostileValue,
        volume: hostileValue,
        market: hostileValue,
        submissionId: hostileValue,
      },
      { requiredKeys: [] },
    ),
    fc.dictionary(fc.string({ maxLength: 20 }), hostileValue, { maxKeys: 12 }),
    fc.anything({ maxDepth: 6 }),
    fc.letrec((tie) => ({
      deep: fc.oneof({ depthSize: "small" }, fc.constant(1), fc.array(tie("deep"), { maxLength: 2 })),
    })).deep,
  );
  /** The raw text sent: JSON of a hostile value, deep nesting, or not JSON at all. */
  const rawBody = fc.oneof(
    { weight: 6, arbitrary: hostileBody.map((body) => JSON.stringify(body) ?? "undefined") },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 100, max: 4_000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth)),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 100, max: 1_000 })
        .map((depth) => '{"company":'.repeat(depth) + "1" + "}".repeat(depth)),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  );
  const encoding = fc.oneof(
    { weight: 6, arbitrary: fc.constant("json") },
    { weight: 1, arbitrary: fc.constant("invalid-utf8") },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "text/plain",
        "multipart/form-data",
        "application/x-www-form-urlencoded",
        "application/xml",
        "application/jsonx",
        "",
      ),
    },
  );

  it("answers every one of 1,000 generated bodies with a 4xx JSON error, stores nothing, and keeps serving", async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(rawBody, encoding, async (raw, how) => {
        let request: Request;
        if (how === "json") request = post(raw);
        else if (how === "invalid-utf8")
          request = new Request(`${SITE}/api/contact`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: SITE },
            body: new Uint8Array([0x7b, 0xff, 0xfe, 0x22, 0x7d]),
          });
        else request = post(raw, { "content-type": how });
        const response = await handleContact(request, deps());
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(response.headers.get("content-type")).toMatch(/^application\/json/);
        expect(typeof ((await response.json()) as { error?: unknown }).error).toBe("string");
      }),
      { numRuns: 1_000 },
    );
    expect(await rowCount()).toBe(0);
    expect(reported).toEqual([]);
    // The generated bodies reached every stage of the handler, not just the first check.
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([400, 413, 415, 422]));
    expect(statuses.get(422)).toBeGreaterThan(300);
    expect((await handleContact(post(valid()), deps())).status).toBe(201);
  });
});

describe("hostile tracking input (property-based)", () => {
  const NASTY = [
    "\u0000",
    "\u0007",
    "\u001b[31m",
    "\u0085",
    "\u200e",
    "\u200f",
    "\u061c",
    "\u202a",
    "\u202e",
    "\u2066",
    "\u2069",
    "\ud800",
    "\udfff",
    " ",
    "\t\n",
    "é",
    "😀",
    "%00",
    "<script>",
    "'; drop table contact_submissions; --",
  ];
  const nastyText = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.string({ unit: "binary", maxLength: 80 }),
    fc.array(fc.constantFrom(...NASTY), { maxLength: 12 }).map((parts) => parts.join("x")),
    fc
      .tuple(fc.constantFrom("a", "é", "😀", "\u202e"), fc.integer({ min: 150, max: 1_500 }))
      .map(([c, n]) => c.repeat(n)),
  );
  const nastyUrl = fc.oneof(
    nastyText,
    nastyText.map((t) => `${SITE}/mx?utm_source=${t}`),
    fc.integer({ min: 900, max: 3_000 }).map((n) => `${SITE}/mx?q=${"a".repeat(n)}&fbclid=IwAR${"b".repeat(50)}`),
    fc.constantFrom("javascript:alert(1)", "ftp://x.example/", "//evil.example", "https://", "http://a b"),
  );
  const nastyValue = fc.oneof(
    nastyText,
    fc.integer(),
    fc.constant(null),
    fc.boolean(),
    fc.array(fc.string(), { maxLength: 2 }),
    fc.object({ maxDepth: 2 }),
  );
  const touch = fc.record(
    {
      utm_source: nastyValue,
      utm_medium: nastyValue,
      utm_campaign: nastyText,
      utm_term: nastyText,
      utm_content: nastyText,
      gclid: nastyValue,
      gbraid: nastyText,
      wbraid: nastyText,
      fbclid: nastyText,
      msclkid: nastyText,
      landing_url: nastyUrl,
      referrer: nastyUrl,
      at: fc.oneof(
        nastyText,
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      ),
      extra: nastyValue,
    },
    { requiredKeys: [] },
  );
  const attribution = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record(
        { first: fc.oneof(touch, nastyValue), last: fc.oneof(touch, nastyValue) },
        { requiredKeys: [] },
      ),
    },
    { weight: 1, arbitrary: nastyValue },
  );

  it("never costs a lead: 300 generated attributions and notice versions are all stored, cleaned, and answered 201", async () => {
    const logs = captureLogs();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        attribution,
        fc.oneof(nastyValue, fc.constant("2026-11-23")),
        fc.boolean(),
        async (value, version, consented) => {
          const body = valid({ attribution: value, noticeVersion: version });
          const response = await handleContact(
            post(body),
            deps({ consent: async () => (consented ? "granted" : "unanswered") }),
          );
          expect(response.status).toBe(201);
          n++;
          const { rows } = await db.query<Record<string, string | Date | null>>(
            "select * from contact_submissions where id = $1",
            [body.submissionId],
          );
          expect(rows).toHaveLength(1);
          for (const [column, stored] of Object.entries(rows[0]!)) {
            if (typeof stored !== "string" || !/^(first|last)_/.test(column)) continue;
            expect(stored, column).not.toMatch(
              /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u,
            );
            expect([...stored].length, column).toBeLessThanOrEqual(
              /url|referrer/.test(column) ? 1024 : /clid|clkid|braid/.test(column) ? 300 : 200,
            );
            if (!consented) expect(column, `${column} without consent`).not.toMatch(/clid|clkid|braid/);
            if (!consented && /url|referrer/.test(column))
              expect(stored).not.toMatch(/[?&](fbclid|gclid|gbraid|wbraid|msclkid)=/);
          }
        },
      ),
      { numRuns: 300 },
    );
    logs.restore();
    expect(await rowCount()).toBe(n);
    // Cleaned by the route, never refused by the database's checks (which would drop the attribution to keep the lead).
    expect(logs.events("lead.attribution_dropped")).toEqual([]);
  });
});

describe("what the visitor is told, and who gets the confirmation email", () => {
  const AT = new Date("2026-11-09T16:00:00Z");
  /** The route's follow-up over the seed content, at a fixed moment; `confirmed` are the leads given an email. */
  async function withFollowUp(confirmed: Lead[], alertedWith: unknown[]) {
    const content = (await seedLandingContent("mx")).followUp;
    return deps({
      followUp: async (lead) => followUpFor(lead, content, AT),
      alert: (lead, followUp) => (alerted.push(lead), alertedWith.push(followUp)),
      confirm: (lead) => confirmed.push(lead),
    });
  }

  it("a stored lead: the 201 carries its reference, contact time and links; sales hears them; the email goes once", async () => {
    const confirmed: Lead[] = [];
    const alertedWith: unknown[] = [];
    const body = valid();
    const response = await handleContact(post(body), await withFollowUp(confirmed, alertedWith));
    const answer = await response.json();
    expect(response.status).toBe(201);
    expect(answer).toMatchObject({
      ok: true,
      reference: leadReference(body.submissionId),
      contactTime: "hoy, antes de las 14:00 (hora del centro de México)",
      contactBy: "2026-11-09T20:00:00.000Z",
      outOfHours: false,
    });
    expect(answer.bookingUrl).toMatch(/^https:\/\/cal\.com\//);
    expect(answer.whatsappUrl).toContain(encodeURIComponent(answer.reference));
    expect(alertedWith).toEqual([expect.objectContaining({ reference: answer.reference })]);
    expect(confirmed.map((l) => l.id)).toEqual([body.submissionId]);

    // A retry of the same submission: the same answer, no second alert or email.
    const retry = await handleContact(post(body), await withFollowUp(confirmed, alertedWith));
    expect((await retry.json()).reference).toBe(answer.reference);
    expect(confirmed).toHaveLength(1);
    expect(alerted).toHaveLength(1);
  });

  it("a bot that filled the honeypot gets the same kind of answer, and nobody gets an email", async () => {
    const confirmed: Lead[] = [];
    const response = await handleContact(post(valid({ website: "spam" })), await withFollowUp(confirmed, []));
    expect(await response.json()).toMatchObject({ ok: true, reference: expect.stringMatching(/^\w{5}-\w{5}$/) });
    expect(confirmed).toEqual([]);
  });
});
