import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedCall, type CallFunction } from "@/lib/contact/server-role-call";
import { PgliteLeadsStore } from "@/lib/contact/pglite-leads-store";
import { insertAsAnon, type LeadRow } from "@/lib/contact/migrations";
import { leadReference } from "@/lib/conversation/reference";
import { Outbox } from "@/lib/outbox/outbox";
import type { PlatformSender, SendResult, Upload } from "@/lib/outbox/upload";
import { StageStore } from "@/lib/stages/stage-store";
import { SqlCountsStore } from "@/lib/analytics/sql-counts-store";
import { MARKET_TIME_ZONES } from "@/lib/markets/time-zones";
import { sampleRow } from "../support/contact/sample-lead";
import { migratedDatabase } from "../support/supabase/empty-database";

/**
 * Stages and the conversions' outbox in the embedded database (PGlite, the real migrations), through the same SQL
 * functions and role (service_role) the server uses on Supabase; the anon key's view checked as anon.
 */
let leads: PgliteLeadsStore;
let db: Awaited<ReturnType<typeof migratedDatabase>>;
let call: CallFunction;
let store: StageStore;

async function stored(overrides: Partial<LeadRow> = {}) {
  const lead = sampleRow({ last_gclid: "Cj0KCQiA-test", ...overrides });
  await insertAsAnon(db, lead);
  return lead;
}

const uploads = async (leadId: string) =>
  (
    await db.query<{ platform: string; stage: string; status: string; value: string | null }>(
      "select platform, stage, status, value from conversion_uploads where lead_id = $1 order by id",
      [leadId],
    )
  ).rows;

beforeAll(async () => {
  db = await migratedDatabase();
  leads = await PgliteLeadsStore.onDatabase(db);
  call = embeddedCall(async () => leads);
  store = new StageStore(call);
});
afterAll(() => leads?.close());

describe("stages in the leads store", () => {
  it("computes the reference a lead is told in SQL as the site does, and finds the lead by it", async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => stored().then((lead) => lead.id)));
    for (const id of ids) {
      const lead = await store.lead(id);
      expect(lead?.reference).toBe(leadReference(id));
      expect(await store.leadIdsByReference(leadReference(id).toLowerCase())).toEqual([id]);
    }
  });

  it("records a verdict once, a changed mind as a new stage, and queues each platform's conversion once", async () => {
    const lead = await stored();
    const first = await store.record(lead.id, "qualified", null, "email_link", ["google", "meta"], 450);
    expect(first).toMatchObject({
      outcome: "recorded",
      stage: { stage: "qualified", reason: null, source: "email_link" },
    });
    expect(await store.record(lead.id, "qualified", null, "crm", ["google", "meta"], 450)).toMatchObject({
      outcome: "already",
      stage: { source: "email_link" },
    });
    expect(await store.record(lead.id, "not_qualified", "duplicate", "crm", ["google"], 450)).toMatchObject({
      outcome: "recorded",
    });
    expect(await store.record(lead.id, "qualified", null, "crm", ["google", "meta"], 450)).toMatchObject({
      outcome: "recorded",
    });
    const history = await db.query("select stage, reason, source from lead_stages where lead_id = $1 order by id", [
      lead.id,
    ]);
    expect(history.rows).toEqual([
      { stage: "qualified", reason: null, source: "email_link" },
      { stage: "not_qualified", reason: "duplicate", source: "crm" },
      { stage: "qualified", reason: null, source: "crm" },
    ]);
    expect(await uploads(lead.id)).toEqual([
      { platform: "google", stage: "qualified", status: "pending", value: "450.00" },
      { platform: "meta", stage: "qualified", status: "pending", value: "450.00" },
    ]);
    expect((await store.lead(lead.id))?.stage).toMatchObject({ stage: "qualified", source: "crm" });
  });

  it("queues nothing for a lead without tracking consent or a held one, but still records the stage", async () => {
    for (const overrides of [
      { tracking_consent: "denied" as const },
      { tracking_consent: "unanswered" as const },
      { held_reason: "no_proof" as const },
    ]) {
      const lead = await stored(overrides);
      expect(await store.record(lead.id, "customer", null, "crm", ["google", "meta"], 10)).toMatchObject({
        outcome: "recorded",
      });
      expect(await store.queueLeadConversion(lead.id, "google", 10)).toBe(false);
      expect(await uploads(lead.id)).toEqual([]);
    }
    expect(await store.record(randomUUID(), "customer", null, "crm", [], null)).toEqual({ outcome: "no_lead" });
  });

  it("refuses a not_qualified stage without a reason, and a reason on any other stage", async () => {
    const lead = await stored();
    await expect(store.record(lead.id, "not_qualified", null, "crm", [], null)).rejects.toThrow();
    await expect(store.record(lead.id, "qualified", "spam", "crm", [], null)).rejects.toThrow();
  });

  it("gives the anon key no way to read or write stages or uploads, or to call their functions", async () => {
    const lead = await stored();
    await store.record(lead.id, "qualified", null, "crm", ["google"], null);
    const asAnon = (sql: string) =>
      db
        .transaction(async (tx) => {
          await tx.exec("set local role anon");
          await tx.exec(sql);
        })
        .then(
          () => "ok",
          (error: { code?: string }) => error.code,
        );
    expect(await asAnon("select * from lead_stages")).toBe("42501");
    expect(await asAnon("select * from conversion_uploads")).toBe("42501");
    expect(
      await asAnon(`insert into lead_stages (lead_id, stage, source) values ('${lead.id}', 'customer', 'crm')`),
    ).toBe("42501");
    expect(await asAnon(`select public.record_lead_stage('${lead.id}', 'customer', null, 'crm')`)).toBe("42501");
    expect(await asAnon(`select public.claim_conversion_uploads(gen_random_uuid(), 10, 60)`)).toBe("42501");
    expect(await asAnon(`select public.lead_stage_summary('${lead.id}')`)).toBe("42501");
  });

  it("deletes a lead's stages and uploads with the lead", async () => {
    const lead = await stored();
    await store.record(lead.id, "customer", null, "crm", ["google", "meta"], null);
    await db.query("delete from contact_submissions where id = $1", [lead.id]);
    expect((await db.query("select 1 from lead_stages where lead_id = $1", [lead.id])).rows).toEqual([]);
    expect(await uploads(lead.id)).toEqual([]);
  });
});

/** A platform that records what it was sent and answers as told. */
function fakePlatform(answer: (upload: Upload) => SendResult | Promise<SendResult>) {
  const sent: Upload[] = [];
  const sender: PlatformSender = {
    async send(upload) {
      sent.push(upload);
      return answer(upload);
    },
  };
  return { sent, sender };
}

const statusOf = async (leadId: string, platform = "google") =>
  (
    await db.query<{ status: string; attempts: number; last_error: string | null }>(
      "select status, attempts, last_error from conversion_uploads where lead_id = $1 and platform = $2",
      [leadId, platform],
    )
  ).rows[0];

describe("sales' verdicts in the results", () => {
  it("counts each judged lead once by its latest stage, in its page and campaign, on the day it arrived", async () => {
    const campaign = {
      page_slug: "importadores-china",
      last_utm_source: "google",
      last_utm_campaign: "china-q4",
      variant: "titulo-china--ahorro",
    };
    const [won, changed, rejected] = [await stored(campaign), await stored(campaign), await stored(campaign)];
    await store.record(won.id, "qualified", null, "email_link", [], null);
    await store.record(won.id, "customer", null, "crm", [], null);
    await store.record(changed.id, "qualified", null, "email_link", [], null);
    await store.record(changed.id, "not_qualified", "duplicate", "crm", [], null);
    await store.record(rejected.id, "not_qualified", "spam", "crm", [], null);
    const day = (
      await db.query<{ day: string }>(
        "select to_char(created_at at time zone 'America/Mexico_City', 'YYYY-MM-DD') as day from contact_submissions where id = $1",
        [won.id],
      )
    ).rows[0]!.day;
    const rows = await new SqlCountsStore(call).stageRows({ from: day, to: day, market: "mx" }, MARKET_TIME_ZONES);
    expect(rows.filter((row) => row.campaign === "china-q4")).toEqual([
      expect.objectContaining({
        day,
        market: "mx",
        pageSlug: "importadores-china",
        source: "google",
        campaign: "china-q4",
        // The experiment variant the lead saw, so per-variant results count sales' verdicts where its leads are.
        variant: "titulo-china--ahorro",
        qualified: 1,
        won: 1,
      }),
    ]);
  });
});

describe("the conversions' outbox", () => {
  const clear = () => db.exec("delete from conversion_uploads");

  it("sends each due upload once with two instances draining at the same time", async () => {
    await clear();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const lead = await stored();
      ids.push(lead.id);
      await store.queueLeadConversion(lead.id, "google", null);
    }
    const one = fakePlatform(() => ({ outcome: "sent" }));
    const two = fakePlatform(() => ({ outcome: "sent" }));
    const a = new Outbox(call, { google: one.sender }, { batch: 4 });
    const b = new Outbox(call, { google: two.sender }, { batch: 4 });
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    const sent = [...one.sent, ...two.sent].map((upload) => upload.leadId).sort();
    expect(sent).toEqual([...ids].sort());
    expect(one.sent.length).toBeGreaterThan(0);
    expect(two.sent.length).toBeGreaterThan(0);
    for (const id of ids) expect(await statusOf(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("sends again an upload whose instance died between the send and the record, once its lease ran out", async () => {
    await clear();
    const lead = await stored();
    await store.queueLeadConversion(lead.id, "google", 25);
    // The first instance claims and sends, then dies before recording: its claim holds the row for the lease only.
    const claimed = (await call("claim_conversion_uploads", {
      worker: randomUUID(),
      max_rows: 10,
      lease_seconds: 1,
      diagnose_after_seconds: 900,
    })) as Upload[];
    expect(claimed.map((upload) => upload.leadId)).toEqual([lead.id]);
    const other = fakePlatform(() => ({ outcome: "sent", requestId: "req-2" }));
    const outbox = new Outbox(call, { google: other.sender });
    expect(await outbox.drain()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await outbox.drain()).toBe(1);
    // The same conversion, so the platform's deduplication (transactionId, event id) keeps it one.
    expect(other.sent).toEqual([
      expect.objectContaining({ leadId: lead.id, stage: "lead", eventTime: claimed[0]!.eventTime }),
    ]);
    expect(await statusOf(lead.id)).toMatchObject({ status: "sent", attempts: 2 });
    // The dead instance's late record changes nothing.
    expect(
      await call("finish_conversion_upload", {
        upload_id: claimed[0]!.id,
        worker: claimed.length && randomUUID(),
        outcome: "failed",
      }),
    ).toBe(false);
  });

  it("retries with backoff, records a permanent refusal with the platform's reason, and gives up after the last try", async () => {
    await clear();
    const [retried, refused, exhausted] = [await stored(), await stored(), await stored()];
    for (const lead of [retried, refused, exhausted]) await store.queueLeadConversion(lead.id, "google", null);
    let calls = 0;
    const platform = fakePlatform((upload) => {
      if (upload.leadId === refused.id)
        return { outcome: "refused", reason: "Google answered 400 INVALID_ARGUMENT: bad gclid" };
      if (upload.leadId === exhausted.id) return { outcome: "retry", reason: "Google answered 503" };
      return ++calls === 1 ? { outcome: "retry", reason: "Google answered 503" } : { outcome: "sent" };
    });
    const outbox = new Outbox(call, { google: platform.sender }, { backoffMs: () => 0, maxAttempts: 3 });
    for (let round = 0; round < 5; round++) await outbox.drain();
    expect(await statusOf(retried.id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await statusOf(refused.id)).toEqual({
      status: "refused",
      attempts: 1,
      last_error: "Google answered 400 INVALID_ARGUMENT: bad gclid",
    });
    expect(await statusOf(exhausted.id)).toMatchObject({ status: "failed", attempts: 3 });
    expect(platform.sent.filter((upload) => upload.leadId === refused.id)).toHaveLength(1);
    expect(platform.sent.filter((upload) => upload.leadId === exhausted.id)).toHaveLength(3);
  });

  it("waits for the backoff before a retry, across a restart (the time is in the store)", async () => {
    await clear();
    const lead = await stored();
    await store.queueLeadConversion(lead.id, "google", null);
    const failing = fakePlatform(() => ({ outcome: "retry", reason: "Google answered 503" }));
    await new Outbox(call, { google: failing.sender }, { backoffMs: () => 60_000 }).drain();
    // A new process (another Outbox, another worker id) finds nothing due before the time the store holds.
    const later = fakePlatform(() => ({ outcome: "sent" }));
    expect(await new Outbox(call, { google: later.sender }).drain()).toBe(0);
    await db.query("update conversion_uploads set next_attempt_at = now() where lead_id = $1", [lead.id]);
    expect(await new Outbox(call, { google: later.sender }).drain()).toBe(1);
    expect(await statusOf(lead.id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("expires a Meta stage still unsent 7 days after it was recorded, without calling Meta", async () => {
    await clear();
    const lead = await stored();
    await store.record(lead.id, "customer", null, "crm", ["meta"], null);
    await db.query("update conversion_uploads set event_time = now() - interval '8 days' where lead_id = $1", [
      lead.id,
    ]);
    const meta = fakePlatform(() => ({ outcome: "sent" }));
    await new Outbox(call, { meta: meta.sender }).drain();
    expect(meta.sent).toEqual([]);
    expect(await statusOf(lead.id, "meta")).toMatchObject({ status: "expired" });
  });
});
