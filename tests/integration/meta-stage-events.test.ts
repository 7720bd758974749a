import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { supabaseCall } from "@/lib/contact/server-role-call";
import { insertAsAnon, type LeadRow } from "@/lib/contact/migrations";
import { MetaStageSender } from "@/lib/meta/stage-conversion";
import { Outbox } from "@/lib/outbox/outbox";
import { StageStore } from "@/lib/stages/stage-store";
import { sampleRow } from "../support/contact/sample-lead";
import { startFakeGraphApi, type FakeGraphApi } from "../support/meta/fake-graph-api";
import { FAKE_SERVICE_ROLE_KEY, startFakeSupabase, type FakeSupabase } from "../support/supabase/fake-supabase";
import { startMetaConversionFunction } from "../support/supabase/meta-conversion-process";

/**
 * Sales' stages to Meta: the outbox (through the Supabase stand-in's PostgREST with the server's key) sends each stage to
 * the meta-conversion function, run for real under Deno, which sends Meta's stand-in a custom event. Hashes computed
 * here with node:crypto, independently of the function.
 */
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const SECRET = "e2e-conversion-signing-secret-0123456789";

let supabase: FakeSupabase;
let graph: FakeGraphApi;
let deno: ChildProcess;
let functionUrl: string;
let logs = "";
let store: StageStore;

async function startFunction(): Promise<string> {
  const started = await startMetaConversionFunction(
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
  deno = started.process;
  return started.url;
}

const sender = () => new MetaStageSender({ sink: "function", functionUrl, anonKey: "anon-key", signingSecret: SECRET });
const outbox = () =>
  new Outbox(supabaseCall(supabase.url, FAKE_SERVICE_ROLE_KEY, 10_000), { meta: sender() }, { backoffMs: () => 0 });

async function stored(overrides: Partial<LeadRow> = {}): Promise<LeadRow> {
  // An Argentine lead, its email as typed (the store keeps it trimmed).
  const lead = sampleRow({
    email: " Ana.Perez@Example.com",
    phone_prefix: "54",
    phone: "91112345678",
    phone_e164: "+5491112345678",
    market: "ar",
    ...overrides,
  });
  await insertAsAnon(supabase.db, { ...lead, email: lead.email.trim() });
  return lead;
}

const upload = async (leadId: string) =>
  (
    await supabase.db.query<{ status: string; attempts: number; last_error: string | null }>(
      "select status, attempts, last_error from conversion_uploads where lead_id = $1 and platform = 'meta'",
      [leadId],
    )
  ).rows[0];

beforeAll(async () => {
  supabase = await startFakeSupabase(0);
  graph = await startFakeGraphApi();
  functionUrl = await startFunction();
  store = new StageStore(supabaseCall(supabase.url, FAKE_SERVICE_ROLE_KEY, 10_000));
}, 60_000);

afterAll(async () => {
  deno?.kill("SIGTERM");
  await graph?.close();
  await supabase?.close();
});

beforeEach(() => {
  graph.setMode("ok");
  graph.calls.length = 0;
  logs = "";
});

describe("sales' stages as Meta events, through the meta-conversion function", () => {
  it("sends QualifiedLead then Customer as system_generated events at the stages' times, with the row's identifiers", async () => {
    const lead = await stored();
    await store.record(lead.id, "qualified", null, "email_link", ["meta"], 450);
    await store.record(lead.id, "customer", null, "crm", ["meta"], 450);
    const recorded = (
      await supabase.db.query<{ stage: string; recorded_at: Date }>(
        "select stage, recorded_at from lead_stages where lead_id = $1 order by id",
        [lead.id],
      )
    ).rows;
    expect(await outbox().drain()).toBe(2);
    const events = graph.calls.map((call) => (call.body as { data: unknown[]; access_token: string }).data);
    expect(graph.calls.map((call) => (call.body as { access_token: string }).access_token)).toEqual([
      "token-abc",
      "token-abc",
    ]);
    expect(events).toEqual(
      ["qualified", "customer"].map((stage, i) => [
        {
          event_name: stage === "qualified" ? "QualifiedLead" : "Customer",
          event_time: Math.floor(recorded[i]!.recorded_at.getTime() / 1000),
          event_id: `${lead.id}.${stage}`,
          action_source: "system_generated",
          user_data: {
            em: [sha256("ana.perez@example.com")],
            ph: [sha256("5491112345678")],
            fn: [sha256("ana")],
            ln: [sha256("pérez")],
            external_id: [sha256("ana.perez@example.com")],
            country: [sha256("ar")],
          },
          custom_data: { value: 450, currency: "USD" },
        },
      ]),
    );
    // None of the fields of Meta's CRM integration for Instant Forms.
    expect(JSON.stringify(events)).not.toMatch(/lead_event_source|"lead_id"|event_source"/);
    expect(await upload(lead.id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("sends nothing about a lead whose consent changed to no tracking, or a held one, and records why", async () => {
    const denied = await stored();
    const held = await stored();
    await store.record(denied.id, "qualified", null, "crm", ["meta"], null);
    await store.record(held.id, "qualified", null, "crm", ["meta"], null);
    // The rows changed after the stages were queued: the function reads them as they are now.
    await supabase.db.query("update contact_submissions set tracking_consent = 'denied' where id = $1", [denied.id]);
    await supabase.db.query("update contact_submissions set held_reason = 'no_proof' where id = $1", [held.id]);
    const claimedButChanged = await outbox().drain();
    expect(claimedButChanged).toBe(2);
    expect(graph.calls).toEqual([]);
    expect((await upload(denied.id))?.status).toBe("refused");
    expect((await upload(held.id))?.status).toBe("refused");
  });

  it("records Meta's refusal with its reason and never retries it; retries when Meta is down", async () => {
    const refused = await stored();
    await store.record(refused.id, "qualified", null, "crm", ["meta"], null);
    graph.setMode("refuse-event");
    await outbox().drain();
    expect(await upload(refused.id)).toEqual({
      status: "refused",
      attempts: 1,
      last_error: expect.stringMatching(
        /^Meta answered 400 \(code 100\/2804050: Invalid parameter; fbtrace_id AbCdEfGhIjK\)$/,
      ),
    });

    const later = await stored();
    await store.record(later.id, "customer", null, "crm", ["meta"], null);
    graph.setMode("down");
    await outbox().drain();
    expect(await upload(later.id)).toMatchObject({ status: "pending", attempts: 1 });
    graph.setMode("ok");
    await supabase.db.query("update conversion_uploads set next_attempt_at = now() where lead_id = $1", [later.id]);
    await outbox().drain();
    expect(await upload(later.id)).toMatchObject({ status: "sent", attempts: 2 });
    expect((await upload(refused.id))?.attempts).toBe(1);
  });

  it("refuses a stage older than 7 days at the function too, which the outbox records as expired", async () => {
    const lead = await stored();
    const answer = await sender().send({
      id: 0,
      leadId: lead.id,
      platform: "meta",
      stage: "customer",
      eventTime: new Date(Date.now() - 8 * 86_400_000).toISOString(),
      value: null,
      status: "pending",
      attempts: 1,
      requestId: null,
      lead: {
        email: "",
        phoneE164: "",
        market: "ar",
        consent: "granted",
        held: false,
        gclid: null,
        gbraid: null,
        wbraid: null,
      },
    });
    expect(answer).toEqual({ outcome: "expired", reason: "older than Meta's 7 days when it reached the function" });
    expect(graph.calls).toEqual([]);
    expect(logs).toContain('"event":"conversion.expired"');
  });
});
