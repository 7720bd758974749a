import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { handleContact, type ContactDeps } from "@/lib/contact/handle-contact";
import type { Lead } from "@/lib/contact/leads-store-contract";
import { insertAsAnon, type LeadRow } from "@/lib/contact/migrations";
import { MARKETS } from "@/lib/markets/markets";
import { MemoryRateLimiter } from "@/lib/contact/rate-limiter";
import { SupabaseLeadsStore } from "@/lib/contact/supabase-leads-store";
import { createProofChallenge, verifyProof } from "@/lib/proof-of-work/proof-challenge";
import { memorySpentProofs } from "@/lib/proof-of-work/spent-proofs";
import { CONVERSION_CALL_TIMEOUT_MS, META_TIMEOUT_MS } from "#edge/deadlines";
import {
  SIGNATURE_HEADER,
  CONVERSION_SIGNATURE_PURPOSE,
  signatureHeader,
  SIGNATURE_TOLERANCE_SECONDS,
} from "#edge/signed-request";
import { startFakeGraphApi, type FakeGraphApi } from "../support/meta/fake-graph-api";
import { FAKE_SERVICE_ROLE_KEY, startFakeSupabase, type FakeSupabase } from "../support/supabase/fake-supabase";
import { startMetaConversionFunction } from "../support/supabase/meta-conversion-process";
import { validContactRequest } from "../support/contact/contact-request";
import { sampleRow } from "../support/contact/sample-lead";
import { solveProof } from "../../scripts/lib/solve-proof";

/**
 * The meta-conversion Edge Function, run for real under Deno (node_modules/.bin/deno), against the Supabase
 * stand-in (PGlite with the real migrations, PostgREST-style reads, updates and SQL function calls for the service
 * role) and a stand-in for Meta's Graph API. Two instances of the function share the one database, as on Supabase.
 * Hashes are computed here with node:crypto, independently of the function.
 */
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const SECRET = "e2e-conversion-signing-secret-0123456789";

let supabase: FakeSupabase;
let graph: FakeGraphApi;
const instances: ChildProcess[] = [];
let functionUrl: string;
let secondInstanceUrl: string;
let logs = "";

/** An Argentine lead (the sample's, with an Argentine phone and the email's case as typed). */
const row = (overrides: Partial<LeadRow> = {}): LeadRow =>
  sampleRow({
    email: "Ana.Perez@Example.com",
    phone_prefix: "54",
    phone: "91112345678",
    phone_e164: "+5491112345678",
    market: "ar",
    ...overrides,
  });

const visit = {
  eventSourceUrl: "https://pagos.example/ar?fbclid=IwAR0abc",
  clientUserAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0",
  clientIpAddress: "203.0.113.9",
  fbp: "fb.1.1763860000000.1234567890",
  fbc: "fb.1.1763860000000.IwAR0abc",
};

/**
 * What the site vouches for, computed here independently of the shared code: the SHA-256 of the JSON array of the
 * stored columns the event is built from, in this order.
 */
const digestOf = (lead: LeadRow) =>
  sha256(
    JSON.stringify([
      lead.id,
      lead.company,
      lead.contact_name,
      lead.email,
      lead.phone_e164,
      lead.country,
      lead.reason,
      lead.volume,
      lead.market,
    ]),
  );

/**
 * The body the site sends for a lead it stored (the keys of docs/requirements.md#storing-and-reporting plus the visit's
 * context): the request passed every check (`held: null`) and stored these details (`leadDigest`).
 */
const bodyFor = (lead: LeadRow, extra: Record<string, unknown> = {}) => ({
  eventName: "Lead",
  eventId: lead.id,
  userData: { email: lead.email, phone: lead.phone_e164, country: lead.country },
  customData: { company: lead.company, reason: lead.reason, volume: lead.volume },
  market: lead.market,
  consent: lead.tracking_consent,
  held: null,
  leadDigest: digestOf(lead),
  ...visit,
  ...extra,
});

const call = (init: RequestInit, url = functionUrl) => fetch(url, init);
/** A conversion call's signature, labelled with its purpose as the site signs it. */
const sign = (secret: string, text: string, at = Date.now()) =>
  signatureHeader(secret, text, at, CONVERSION_SIGNATURE_PURPOSE);
/** A call as the site makes it: the project key, and the body signed with the shared secret (or as `signed` says). */
async function send(text: string, { signed, url }: { signed?: string | null; url?: string } = {}) {
  const signature = signed === undefined ? await sign(SECRET, text) : signed;
  const headers = {
    "content-type": "application/json",
    authorization: "Bearer anon-key",
    ...(signature === null ? {} : { [SIGNATURE_HEADER]: signature }),
  };
  return call({ method: "POST", headers, body: text }, url);
}
const post = (body: unknown) => send(JSON.stringify(body));

async function stored(overrides: Partial<LeadRow> = {}): Promise<LeadRow> {
  const lead = row(overrides);
  await insertAsAnon(supabase.db, lead);
  return lead;
}
const reportedAt = async (id: string) =>
  (
    await supabase.db.query<{ conversion_reported_at: Date | null }>(
      "select conversion_reported_at from contact_submissions where id = $1",
      [id],
    )
  ).rows[0]!.conversion_reported_at;
const withheldReason = async (id: string) =>
  (
    await supabase.db.query<{ conversion_withheld_reason: string | null }>(
      "select conversion_withheld_reason from contact_submissions where id = $1",
      [id],
    )
  ).rows[0]!.conversion_withheld_reason;
const createdAt = async (id: string) =>
  (await supabase.db.query<{ created_at: Date }>("select created_at from contact_submissions where id = $1", [id]))
    .rows[0]!.created_at;

/** One instance of the function on its own port, resolved once it listens. */
async function startFunction(): Promise<string> {
  const { url, process: deno } = await startMetaConversionFunction(
    {
      META_PIXEL_ID: "123456789",
      META_ACCESS_TOKEN: "token-abc",
      META_GRAPH_URL: graph.url,
      SUPABASE_URL: supabase.url,
      SUPABASE_SERVICE_ROLE_KEY: FAKE_SERVICE_ROLE_KEY,
      CONVERSION_SIGNING_SECRET: SECRET,
    },
    (text) => (logs += text),
  );
  instances.push(deno);
  return url;
}

beforeAll(async () => {
  supabase = await startFakeSupabase(0);
  graph = await startFakeGraphApi();
  [functionUrl, secondInstanceUrl] = await Promise.all([startFunction(), startFunction()]);
}, 60_000);

afterAll(async () => {
  for (const deno of instances) deno.kill("SIGTERM");
  await graph?.close();
  await supabase?.close();
});

beforeEach(() => {
  graph.setMode("ok");
  graph.calls.length = 0;
  logs = "";
});

describe("the meta-conversion Edge Function under Deno", () => {
  it("sends Meta exactly the stored lead's event, with the visit's context, the token in the body, and marks it reported", async () => {
    const lead = await stored();
    // A forged body: other person details and extra custom keys. Only the id and the visit's context are used.
    const response = await post(
      bodyFor(lead, {
        userData: { email: "someone@else.example", phone: "+15550000000", country: "brazil" },
        customData: { company: "Fake", reason: "other", volume: "0-4999", value: 1_000_000, currency: "USD" },
        market: "mx",
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, reported: true });

    expect(graph.calls).toHaveLength(1);
    const [sent] = graph.calls;
    expect(sent!.method).toBe("POST");
    expect(sent!.path).toBe("/v23.0/123456789/events");
    expect(sent!.search).toBe("");
    expect(sent!.body).toEqual({
      access_token: "token-abc",
      data: [
        {
          event_name: "Lead",
          event_time: Math.floor((await createdAt(lead.id)).getTime() / 1000),
          event_id: lead.id,
          action_source: "website",
          event_source_url: visit.eventSourceUrl,
          user_data: {
            em: [sha256("ana.perez@example.com")],
            ph: [sha256("5491112345678")],
            fn: [sha256("ana")],
            ln: [sha256("pérez")],
            external_id: [sha256("ana.perez@example.com")],
            country: [sha256("ar")],
            client_user_agent: visit.clientUserAgent,
            client_ip_address: visit.clientIpAddress,
            fbp: visit.fbp,
            fbc: visit.fbc,
          },
          custom_data: { destination_country: "usa", reason: "goods", volume: "10000-49999" },
        },
      ],
    });
    expect(await reportedAt(lead.id)).toBeInstanceOf(Date);
    // Nothing personal in the function's logs.
    expect(logs).not.toMatch(/ana\.perez|5491112345678/i);
  });

  describe("consent", () => {
    const sentUserData = () =>
      (graph.calls[0]!.body as { data: { user_data: Record<string, unknown> }[] }).data[0]!.user_data;

    it("in a market that asks, sends Meta nothing without granted consent (the stored record's and the call's both count) and records why", async () => {
      const cases: { stored: LeadRow["tracking_consent"] | null; call: unknown }[] = [
        { stored: "denied", call: "denied" },
        { stored: "unanswered", call: "unanswered" },
        { stored: "granted", call: "denied" },
        { stored: "denied", call: "granted" },
        { stored: "unanswered", call: "granted" },
        { stored: "granted", call: undefined },
        { stored: "granted", call: "yes" },
        // A lead stored before consent was recorded.
        { stored: null, call: "granted" },
      ];
      for (const { stored: consent, call: said } of cases) {
        const lead = await stored({ tracking_consent: consent as LeadRow["tracking_consent"] });
        const label = `${consent}/${String(said)}`;
        const response = await post(bodyFor(lead, { consent: said }));
        expect(response.status, label).toBe(200);
        expect(await response.json(), label).toEqual({ ok: true, reported: false, reason: "no_consent" });
        expect(await withheldReason(lead.id), label).toBe("no_consent");
        expect(await reportedAt(lead.id), label).toBeNull();
      }
      expect(graph.calls).toHaveLength(0);
      const lines = logs
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.filter((l) => l.event === "conversion.withheld")).toHaveLength(cases.length);
      expect(lines).toContainEqual(
        expect.objectContaining({ level: "info", event: "conversion.withheld", reason: "no_consent" }),
      );
      expect(logs).not.toMatch(/ana\.perez|5491112345678|fbclid|IwAR0abc|203\.0\.113\.9/i);
    });

    it("sends Meta nothing for a lead the site held (no valid proof, or above the ceiling), even with consent, and records why", async () => {
      for (const held_reason of ["no_proof", "spent_proof", "over_ceiling"] as const) {
        const lead = await stored({ tracking_consent: "granted", held_reason });
        const response = await post(bodyFor(lead, { consent: "granted" }));
        expect(response.status, held_reason).toBe(200);
        expect(await response.json(), held_reason).toEqual({ ok: true, reported: false, reason: "held" });
        expect(await withheldReason(lead.id), held_reason).toBe("held");
        const again = await post(bodyFor(lead, { consent: "granted" }));
        expect(again.status, held_reason).toBe(409);
        expect(await again.json(), held_reason).toEqual({ error: "Withheld: the site held this lead" });
      }
      expect(graph.calls).toHaveLength(0);
    });

    it("keeps a withheld lead withheld: a later call, even one claiming consent, sends nothing", async () => {
      const lead = await stored({ tracking_consent: "denied" });
      expect((await post(bodyFor(lead))).status).toBe(200);
      const again = await post(bodyFor(lead, { consent: "granted" }));
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: "Already withheld for lack of consent" });
      expect(graph.calls).toHaveLength(0);
      expect(await withheldReason(lead.id)).toBe("no_consent");
    });

    it("with consent, adds external_id (the hashed email) and the first and last name, normalised and hashed as Meta asks", async () => {
      // Hashes computed here from the normalised values written out by hand (NFC, lower case, no punctuation or
      // spaces).
      const lead = await stored({
        contact_name: "Mar\u00eda Jos\u00e9  de la Fuente",
        email: "MJ.Fuente@Example.com",
        market: "mx",
        phone_prefix: "52",
        phone: "5512345678",
        phone_e164: "+525512345678",
      });
      const response = await post(bodyFor(lead));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, reported: true });
      expect(sentUserData()).toMatchObject({
        em: [sha256("mj.fuente@example.com")],
        external_id: [sha256("mj.fuente@example.com")],
        fn: [sha256("mar\u00eda")],
        ln: [sha256("delafuente")],
        ph: [sha256("525512345678")],
        country: [sha256("mx")],
      });
      expect(await withheldReason(lead.id)).toBeNull();
    });

    it("hashes a name typed with combining accents like the same name typed with composed ones", async () => {
      const lead = await stored({ contact_name: "Jose\u0301 O'Brien-Nu\u0301n\u0303ez" });
      expect((await post(bodyFor(lead))).status).toBe(200);
      expect(sentUserData()).toMatchObject({ fn: [sha256("jos\u00e9")], ln: [sha256("obrienn\u00fa\u00f1ez")] });
    });

    it("in a market that does not ask, reports the lead", async () => {
      const lead = await stored({ tracking_consent: "not_asked" });
      const response = await post(bodyFor(lead));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, reported: true });
      expect(graph.calls).toHaveLength(1);
      expect(sentUserData()).toMatchObject({
        em: [sha256("ana.perez@example.com")],
        fn: [sha256("ana")],
        ln: [sha256("p\u00e9rez")],
        fbc: visit.fbc,
      });
      expect(await reportedAt(lead.id)).toBeInstanceOf(Date);
      expect(await withheldReason(lead.id)).toBeNull();
    });
  });

  describe("what the site vouches for", () => {
    it("reports a lead only when the signed call says its request passed every check: a held or silent call sends nothing, whatever the row says", async () => {
      for (const held of ["no_proof", "spent_proof", "over_ceiling", undefined]) {
        // An unheld, consented row: what anyone holding the project's key can insert.
        const lead = await stored({ tracking_consent: "granted", held_reason: null });
        const response = await post(bodyFor(lead, { held }));
        expect(response.status, String(held)).toBe(200);
        expect(await response.json(), String(held)).toEqual({ ok: true, reported: false, reason: "held" });
        expect(await withheldReason(lead.id), String(held)).toBe("held");
      }
      expect(graph.calls).toHaveLength(0);
    });

    it("reports only the lead the site accepted: a row whose details differ from the ones the call vouches for sends nothing", async () => {
      const lead = await stored({ email: "victima@tercero.example", volume: "100000-plus" });
      const accepted = { ...lead, email: "script@atacante.example", volume: "0-4999" };
      for (const digest of [digestOf(accepted), undefined, "0".repeat(64)]) {
        const again = await stored({ email: "victima@tercero.example", volume: "100000-plus" });
        const response = await post(bodyFor(again, { leadDigest: digest }));
        expect(response.status, String(digest)).toBe(200);
        expect(await response.json()).toEqual({ ok: true, reported: false, reason: "not_vouched" });
        expect(await withheldReason(again.id)).toBe("not_vouched");
        const later = await post(bodyFor(again));
        expect(later.status).toBe(409);
        expect(await later.json()).toEqual({ error: "Withheld: the stored lead is not the one the site accepted" });
      }
      expect(graph.calls).toHaveLength(0);
    });
  });

  it("sends nothing for a replay (already reported) or an id that was never stored", async () => {
    const lead = await stored();
    expect((await post(bodyFor(lead))).status).toBe(200);
    const replay = await post(bodyFor(lead));
    expect(replay.status).toBe(409);
    const unknown = await post(bodyFor(row()));
    expect(unknown.status).toBe(404);
    expect(graph.calls).toHaveLength(1);
  });

  it("leaves out identifiers in the wrong shape instead of forwarding them", async () => {
    const lead = await stored();
    const response = await post(bodyFor(lead, { clientIpAddress: "local", fbp: "<script>", fbc: "fb.1.x.y z" }));
    expect(response.status).toBe(200);
    const userData = (graph.calls[0]!.body as { data: { user_data: Record<string, unknown> }[] }).data[0]!.user_data;
    expect(Object.keys(userData).sort()).toEqual([
      "client_user_agent",
      "country",
      "em",
      "external_id",
      "fn",
      "ln",
      "ph",
    ]);
  });

  it("answers 502 without echoing Meta's reply when Meta refuses the event, logs Meta's error, and can report later", async () => {
    const lead = await stored();
    graph.setMode("refuse-event");
    const refused = await post(bodyFor(lead));
    expect(refused.status).toBe(502);
    const text = await refused.text();
    expect(text).not.toContain("Invalid parameter");
    expect(text).not.toContain("AbCdEfGhIjK");
    expect(logs).toContain("Meta answered 400 (code 100/2804050: Invalid parameter; fbtrace_id AbCdEfGhIjK)");
    // One JSON object per line, as the site logs: the lead by id, the event by name.
    const lines = logs.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("edge function on"));
    expect(lines.map((l) => JSON.parse(l))).toContainEqual(
      expect.objectContaining({ level: "error", event: "conversion.meta_refused", leadId: lead.id }),
    );
    expect(await reportedAt(lead.id)).toBeNull();

    graph.setMode("ok");
    expect((await post(bodyFor(lead))).status).toBe(200);
    expect(graph.calls).toHaveLength(2);
  });

  it("sends nothing for a market this deployment does not declare, and leaves the lead for the next deployment", async () => {
    // The site and the database take a new market before this function is deployed with it.
    const lead = await stored();
    await supabase.db.exec("alter table contact_submissions drop constraint contact_submissions_market_check");
    try {
      await supabase.db.query("update contact_submissions set market = 'zz' where id = $1", [lead.id]);
      const response = await post(bodyFor({ ...lead, market: "zz" }));
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: "Unknown market: deploy the function with the site's markets" });
      expect(graph.calls).toHaveLength(0);
      expect(await reportedAt(lead.id)).toBeNull();
      expect(await withheldReason(lead.id)).toBeNull();
      const lines = logs.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("edge function on"));
      expect(lines.map((l) => JSON.parse(l))).toContainEqual(
        expect.objectContaining({ level: "error", event: "conversion.unknown_market", leadId: lead.id }),
      );
    } finally {
      await supabase.db.query("delete from contact_submissions where id = $1", [lead.id]);
      await supabase.db.exec(
        `alter table contact_submissions add constraint contact_submissions_market_check check (market in (${MARKETS.map((m) => `'${m}'`).join(", ")}))`,
      );
    }
  });

  it("answers 502 when Meta is down, and the lead stays reportable", async () => {
    const lead = await stored();
    graph.setMode("down");
    expect((await post(bodyFor(lead))).status).toBe(502);
    expect(logs).toContain("Meta unreachable");
    expect(await reportedAt(lead.id)).toBeNull();
  });

  it("gives up on a slow Meta at its own deadline, well before the site's deadline for the call", async () => {
    const lead = await stored();
    graph.setMode("slow", META_TIMEOUT_MS + 2_000);
    const started = Date.now();
    const response = await post(bodyFor(lead));
    const took = Date.now() - started;
    expect(response.status).toBe(502);
    expect(took).toBeGreaterThanOrEqual(META_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(CONVERSION_CALL_TIMEOUT_MS);
    expect(logs).toContain("TimeoutError");
    expect(await reportedAt(lead.id)).toBeNull();
  }, 20_000);

  it("accepts only POST", async () => {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await call({ method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
    expect(graph.calls).toHaveLength(0);
  });

  it("refuses an oversized body with 413, declared or streamed, and unusable bodies with 400", async () => {
    const lead = await stored();
    const huge = JSON.stringify(bodyFor(lead, { clientUserAgent: "x".repeat(5_000) }));
    expect((await call({ method: "POST", headers: { "content-type": "application/json" }, body: huge })).status).toBe(
      413,
    );
    const streamed = new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode(huge)), c.close()) });
    expect((await call({ method: "POST", body: streamed, duplex: "half" } as RequestInit)).status).toBe(413);
    expect((await send("{not json")).status).toBe(400);
    expect((await post({ ...bodyFor(lead), eventName: "Purchase" })).status).toBe(400);
    expect((await post({ ...bodyFor(lead), eventId: "1 or 1=1" })).status).toBe(400);
    expect((await post({ ...bodyFor(lead), eventSourceUrl: "javascript:alert(1)" })).status).toBe(400);
    expect((await post({ ...bodyFor(lead), clientUserAgent: undefined })).status).toBe(400);
    expect(graph.calls).toHaveLength(0);
    expect(await reportedAt(lead.id)).toBeNull();
  });

  it("refuses an unsigned call, and one signed with another secret or for another body, with 401 and sends nothing", async () => {
    const lead = await stored();
    const text = JSON.stringify(bodyFor(lead));
    const forged = await sign("a-guess-at-the-secret-0123456789abcdef", text);
    const otherBody = await sign(SECRET, JSON.stringify(bodyFor(lead, { eventSourceUrl: "https://pagos.example/mx" })));
    // A webhook's signature, as the CRM receiving our webhooks sees it, were the two secrets the same.
    const webhookStyle = await signatureHeader(SECRET, text);
    for (const signed of [null, "", "t=1,v1=abc", forged, otherBody, webhookStyle]) {
      const response = await send(text, { signed });
      expect(response.status, String(signed)).toBe(401);
      expect(await response.json()).toEqual({ error: "Missing or invalid signature" });
    }
    // The project's public key alone, as anyone holding it would call.
    expect(
      (
        await call({
          method: "POST",
          headers: { authorization: "Bearer anon-key", "content-type": "application/json" },
          body: text,
        })
      ).status,
    ).toBe(401);
    expect(graph.calls).toHaveLength(0);
    expect(await reportedAt(lead.id)).toBeNull();
    expect(logs).toContain("refused a call whose signature is missing");
    expect(logs).toContain("refused a call whose signature is mismatch");
  });

  it("refuses a call signed too long ago, or too far ahead, with 401", async () => {
    const lead = await stored();
    const text = JSON.stringify(bodyFor(lead));
    const window = SIGNATURE_TOLERANCE_SECONDS * 1000;
    for (const at of [Date.now() - window - 5_000, Date.now() + window + 5_000]) {
      const response = await send(text, { signed: await sign(SECRET, text, at) });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Signature is not recent" });
    }
    expect(graph.calls).toHaveLength(0);
    expect(await reportedAt(lead.id)).toBeNull();
  });

  it("refuses a replayed call with 409, on the same instance and on another one, even when the first attempt failed at Meta", async () => {
    const lead = await stored();
    const text = JSON.stringify(bodyFor(lead));
    const signed = await sign(SECRET, text);
    graph.setMode("down");
    expect((await send(text, { signed })).status).toBe(502);
    graph.setMode("ok");
    const attempts = graph.calls.length;
    // The lead is reportable again, but not by replaying the captured call: only by a freshly signed one.
    for (const url of [functionUrl, secondInstanceUrl]) {
      const replay = await send(text, { signed, url });
      expect(replay.status, url).toBe(409);
      expect(await replay.json()).toEqual({ error: "This call was already received" });
    }
    expect(graph.calls).toHaveLength(attempts);
    expect(logs).toContain("refused a replayed call");
    expect((await send(text, { url: secondInstanceUrl })).status).toBe(200);
    expect(graph.calls).toHaveLength(attempts + 1);
    const { rows } = await supabase.db.query<{ n: number }>(
      "select count(*)::int as n from signed_request_replays where signature = $1",
      [signed.split("v1=")[1]],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it("answers 503 and sends nothing when the database is down", async () => {
    const lead = await stored();
    supabase.setMode({ rest: "down" });
    try {
      expect((await post(bodyFor(lead))).status).toBe(503);
    } finally {
      supabase.setMode({ rest: "ok" });
    }
    expect(graph.calls).toHaveLength(0);
  });
});

/**
 * The attack of holding the project's key: a row written straight to PostgREST (unheld, consented, a third party's
 * details), then the same submission id posted to the site, as the form would, to have the site call the function.
 * The site's real route, store, proof check and reporter; the stand-in hands the call to the real function.
 */
describe("a lead written with the project's key, then posted to the site", () => {
  const SITE = "https://pagos.example";
  const PROOF_SECRET = "function-test-proof-secret-0123456789abcdef";
  const ANON_KEY = "anon-key";
  let deps: ContactDeps;
  let reports: Promise<void>[];
  let alerted: Lead[];

  beforeAll(async () => {
    vi.stubEnv("SUPABASE_URL", supabase.url);
    vi.stubEnv("SUPABASE_ANON_KEY", ANON_KEY);
    vi.stubEnv("CONVERSION_SIGNING_SECRET", SECRET);
    vi.stubEnv("CLIENT_IP_HEADER", "x-real-ip");
    supabase.forwardFunctionsTo(functionUrl);
    const { reportLeadConversion } = await import("@/lib/meta/conversion-reporter");
    const spend = memorySpentProofs();
    const open = () => new MemoryRateLimiter(0);
    deps = {
      store: async () => new SupabaseLeadsStore(supabase.url, ANON_KEY, { timeoutMs: 5_000 }),
      limiter: new MemoryRateLimiter(5),
      limiters: { invalid: open(), held: open(), heldPerHour: open(), ceiling: open() },
      proof: (proof) => verifyProof(proof, { secret: PROOF_SECRET, site: SITE, spend }),
      report: (lead, visit) => void reports.push(reportLeadConversion(lead, visit)),
      alert: (lead) => void alerted.push(lead),
      hold: () => {},
      consent: async () => "granted",
      siteUrl: SITE,
    };
  });
  afterAll(() => vi.unstubAllEnvs());
  beforeEach(() => {
    reports = [];
    alerted = [];
  });

  const proof = async () => solveProof(await createProofChallenge({ secret: PROOF_SECRET, site: SITE }));
  const submit = async (body: Record<string, unknown>) => {
    const response = await handleContact(
      new Request(`${SITE}/api/contact`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: SITE,
          "x-real-ip": "198.51.100.7",
          "user-agent": visit.clientUserAgent,
          cookie: `_fbc=${visit.fbc}`,
        },
        body: JSON.stringify(body),
      }),
      deps,
    );
    await Promise.all(reports);
    return response.status;
  };
  /** The attacker's insert: PostgREST with the project's key, any column anon may write. */
  const insertWithKey = async (overrides: Partial<LeadRow> = {}) => {
    const lead = row({ email: "victima@tercero.example", volume: "100000-plus", ...overrides });
    const response = await fetch(`${supabase.url}/rest/v1/contact_submissions`, {
      method: "POST",
      headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, "content-type": "application/json" },
      body: JSON.stringify([lead]),
    });
    expect(response.status).toBe(201);
    return lead;
  };

  it("the site's own proven lead is still reported (the path works end to end)", async () => {
    expect(await submit(validContactRequest({ proof: await proof() }))).toBe(201);
    expect(graph.calls).toHaveLength(1);
    expect(alerted).toHaveLength(1);
  });

  it("a duplicate posted without a proof reports nothing", async () => {
    const lead = await insertWithKey();
    expect(await submit(validContactRequest({ submissionId: lead.id }))).toBe(201);
    expect(graph.calls).toHaveLength(0);
    expect(alerted).toHaveLength(0);
    expect(await reportedAt(lead.id)).toBeNull();
  });

  it("a duplicate posted with a valid proof but other details reports nothing, and the row is marked as not vouched for", async () => {
    const lead = await insertWithKey();
    expect(await submit(validContactRequest({ submissionId: lead.id, proof: await proof() }))).toBe(201);
    expect(graph.calls).toHaveLength(0);
    expect(alerted).toHaveLength(0);
    expect(await withheldReason(lead.id)).toBe("not_vouched");
  });
});
