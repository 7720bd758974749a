import { createHash, generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Lead } from "@/lib/contact/leads-store-contract";
import { PgliteLeadsStore } from "@/lib/contact/pglite-leads-store";
import { embeddedCall, type CallFunction } from "@/lib/contact/server-role-call";
import { leadReference } from "@/lib/conversation/reference";
import { readServerEnv, type ServerEnv } from "@/lib/env/env";
import { GoogleAccessToken } from "@/lib/google/access-token";
import { GoogleAdsSender } from "@/lib/google/data-manager";
import { parseGoogleCredentials, type GoogleCredentials } from "@/lib/google/google-credentials";
import { Outbox } from "@/lib/outbox/outbox";
import { platformSenders } from "@/lib/outbox/outbox-runtime";
import { queueLeadConversion } from "@/lib/outbox/queue-lead-conversion";
import { recordStage } from "@/lib/stages/record-stage";
import { StageStore } from "@/lib/stages/stage-store";
import { migratedDatabase } from "../support/supabase/empty-database";
import { startFakeGoogleAds, type FakeGoogleAds } from "../support/google/fake-google-ads";
import { sampleLead } from "../support/contact/sample-lead";

/**
 * Google Ads conversions end to end on this side of the network: leads in the embedded database (the real migrations,
 * the server's role), the outbox draining them through the Data Manager client with OAuth tokens from a service-account
 * key, against a local stand-in for Google's token endpoint and the Data Manager API. Hashes are computed here with
 * node:crypto from Google's formatting rules, independently of lib/google/user-data.ts.
 */
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const CLIENT_EMAIL = "uploader@puente-ads.iam.gserviceaccount.com";
const OAUTH_CLIENT = {
  clientId: "client-1.apps.googleusercontent.com",
  clientSecret: "shh",
  refreshToken: "1//0refresh",
};

let db: Awaited<ReturnType<typeof migratedDatabase>>;
let leads: PgliteLeadsStore;
let call: CallFunction;
let store: StageStore;
let google: FakeGoogleAds;
let env: ServerEnv;

const serviceAccountKey = () =>
  JSON.stringify({
    type: "service_account",
    client_email: CLIENT_EMAIL,
    private_key_id: "key-1",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }),
    token_uri: google.tokenUrl,
  });

/** An outbox as a server instance runs it, from the same configuration (lib/outbox/outbox-runtime.ts). */
const instance = () => new Outbox(call, platformSenders(env), { backoffMs: () => 0 });

const queueDeps = (value: number | null = 450) => ({ env, store, value: async () => value, wake: () => {} });

async function storedLead(overrides: Partial<Lead> = {}): Promise<Lead> {
  const lead = sampleLead(overrides);
  await leads.insert(lead);
  return lead;
}

const upload = async (leadId: string, stage = "lead") =>
  (
    await db.query<{
      status: string;
      attempts: number;
      last_error: string | null;
      platform_request_id: string | null;
      diagnosed_at: Date | null;
      next_attempt_at: Date;
    }>(
      `select status, attempts, last_error, platform_request_id, diagnosed_at, next_attempt_at
       from conversion_uploads where lead_id = $1 and platform = 'google' and stage = $2`,
      [leadId, stage],
    )
  ).rows[0];

const createdAt = async (leadId: string) =>
  (await db.query<{ created_at: Date }>("select created_at from contact_submissions where id = $1", [leadId])).rows[0]!
    .created_at;

/** Makes a sent upload's diagnostics due now (they are read a quarter of an hour after the upload). */
const diagnosticsDue = (leadId: string) =>
  db.query("update conversion_uploads set sent_at = now() - interval '1 hour' where lead_id = $1", [leadId]);

beforeAll(async () => {
  db = await migratedDatabase();
  leads = await PgliteLeadsStore.onDatabase(db);
  call = embeddedCall(async () => leads);
  store = new StageStore(call);
  google = await startFakeGoogleAds({
    serviceAccount: { clientEmail: CLIENT_EMAIL, publicKey },
    oauthClient: OAUTH_CLIENT,
  });
  env = readServerEnv({
    GOOGLE_ADS_OPERATING_ACCOUNT: "123-456-7890",
    GOOGLE_ADS_LOGIN_ACCOUNT: "987-654-3210",
    GOOGLE_ADS_CONVERSION_ACTIONS: "lead=111,qualified=222,customer=333",
    GOOGLE_ADS_CREDENTIALS: serviceAccountKey(),
    GOOGLE_DATA_MANAGER_URL: google.url,
  });
});

afterAll(async () => {
  await google?.close();
  await leads?.close();
});

beforeEach(async () => {
  google.calls.length = 0;
  google.faults.length = 0;
  google.statuses.clear();
  google.refuseGrants(false);
  await db.exec("delete from conversion_uploads");
});

describe("the Lead conversion at capture, to Google Ads through the Data Manager API", () => {
  it("uploads a lead with a gclid as Google documents it: the click id, hashed contact, reference, time, consent, value", async () => {
    const lead = await storedLead({
      email: "Ana.Perez+ads@GMail.com",
      phoneE164: "+525512345678",
      attribution: { last: { utm_source: "google", gclid: "Cj0KCQiA-last", at: "2026-11-20T10:00:00.000Z" } },
    });
    expect(await queueLeadConversion(lead, queueDeps(450))).toBe(true);
    expect(await instance().drain()).toBe(1);

    const [ingest, ...more] = google.ingests();
    expect(more).toEqual([]);
    expect(ingest!.body).toEqual({
      destinations: [
        {
          operatingAccount: { accountType: "GOOGLE_ADS", accountId: "1234567890" },
          loginAccount: { accountType: "GOOGLE_ADS", accountId: "9876543210" },
          productDestinationId: "111",
        },
      ],
      events: [
        {
          transactionId: leadReference(lead.id),
          eventTimestamp: (await createdAt(lead.id)).toISOString(),
          adIdentifiers: { gclid: "Cj0KCQiA-last" },
          userData: {
            userIdentifiers: [{ emailAddress: sha256("anaperez@gmail.com") }, { phoneNumber: sha256("+525512345678") }],
          },
          consent: { adUserData: "CONSENT_GRANTED", adPersonalization: "CONSENT_GRANTED" },
          conversionValue: 450,
          currency: "USD",
        },
      ],
      encoding: "HEX",
      validateOnly: false,
    });
    // The stand-in issued the token for an RS256 assertion it verified with the key's public half, for Google's scope.
    expect(google.tokenRequests().map((form) => form.get("grant_type"))).toEqual([
      "urn:ietf:params:oauth:grant-type:jwt-bearer",
    ]);
    expect(ingest!.authorization).toMatch(/^Bearer ya29\./);
    expect(await upload(lead.id)).toMatchObject({ status: "sent", attempts: 1, diagnosed_at: null });

    // A quarter of an hour later Google's diagnostics say it was processed.
    await diagnosticsDue(lead.id);
    expect(await instance().drain()).toBe(1);
    const retrieve = google.calls.find((c) => c.path === "/v1/requestStatus:retrieve")!;
    expect(new URLSearchParams(retrieve.search).get("requestId")).toBe((await upload(lead.id))!.platform_request_id);
    expect(await upload(lead.id)).toMatchObject({ status: "sent", attempts: 1, diagnosed_at: expect.any(Date) });
  });

  it("sends a gbraid when that is the click id, and only adUserData where the market does not ask", async () => {
    const lead = await storedLead({
      consent: "not_asked",
      attribution: { first: { gbraid: "0AAAAA-gbraid", at: "2026-11-20T10:00:00.000Z" } },
    });
    expect(await queueLeadConversion(lead, queueDeps(null))).toBe(true);
    await instance().drain();
    const event = google.ingests()[0]!.body.events[0]!;
    expect(event.adIdentifiers).toEqual({ gbraid: "0AAAAA-gbraid" });
    expect(event.consent).toEqual({ adUserData: "CONSENT_GRANTED" });
    // No value in the table for the range: the conversion goes without one.
    expect(event).not.toHaveProperty("conversionValue");
    expect(event).not.toHaveProperty("currency");
  });

  it("queues nothing for denied or unanswered consent, a held lead, or a lead without a Google click", async () => {
    const withClick = { last: { gclid: "Cj0-x", at: "2026-11-20T10:00:00.000Z" } };
    const refusedLeads = [
      await storedLead({ consent: "denied", attribution: withClick }),
      await storedLead({ consent: "unanswered", attribution: withClick }),
      await storedLead({ held: "over_ceiling", attribution: withClick }),
      await storedLead({ attribution: { last: { fbclid: "IwAR-meta", at: "2026-11-20T10:00:00.000Z" } } }),
    ];
    for (const lead of refusedLeads) expect(await queueLeadConversion(lead, queueDeps())).toBe(false);
    expect(await instance().drain()).toBe(0);
    expect(google.ingests()).toEqual([]);
    expect((await db.query("select 1 from conversion_uploads")).rows).toEqual([]);
  });

  it("sends a lead whose consent changed to denied after it was queued nothing, and records why", async () => {
    const lead = await storedLead();
    await queueLeadConversion(lead, queueDeps());
    await db.query("update contact_submissions set tracking_consent = 'denied' where id = $1", [lead.id]);
    await instance().drain();
    expect(google.ingests()).toEqual([]);
    expect(await upload(lead.id)).toMatchObject({
      status: "refused",
      last_error: "withheld: the lead's consent does not allow tracking",
    });
  });
});

describe("sales' stages, to Google Ads and Meta through the outbox", () => {
  const woken: string[] = [];
  const judge = async (lead: Lead, stage: "qualified" | "customer" | "not_qualified") => {
    const summary = (await store.lead(lead.id))!;
    return recordStage(
      store,
      env,
      {
        lead: summary,
        stage,
        reason: stage === "not_qualified" ? "below_minimum" : null,
        source: "crm",
      },
      () => woken.push(stage),
    );
  };

  it("sends qualified and customer to their own conversion actions at the moments sales recorded them", async () => {
    const lead = await storedLead({ volume: "50000-99999" });
    await judge(lead, "qualified");
    await judge(lead, "customer");
    expect(woken).toEqual(["qualified", "customer"]);
    await instance().drain();
    const stages = (
      await db.query<{ stage: string; recorded_at: Date }>(
        "select stage, recorded_at from lead_stages where lead_id = $1 order by id",
        [lead.id],
      )
    ).rows;
    const events = google.ingests().map(({ body }) => ({
      action: body.destinations[0]!.productDestinationId,
      transactionId: body.events[0]!.transactionId,
      eventTimestamp: body.events[0]!.eventTimestamp,
    }));
    expect(events).toEqual([
      { action: "222", transactionId: leadReference(lead.id), eventTimestamp: stages[0]!.recorded_at.toISOString() },
      { action: "333", transactionId: leadReference(lead.id), eventTimestamp: stages[1]!.recorded_at.toISOString() },
    ]);
    // Meta's stage events leave through the same outbox (here the log that stands in for the function).
    const meta = (
      await db.query<{ stage: string; status: string }>(
        "select stage, status from conversion_uploads where lead_id = $1 and platform = 'meta' order by id",
        [lead.id],
      )
    ).rows;
    expect(meta).toEqual([
      { stage: "qualified", status: "sent" },
      { stage: "customer", status: "sent" },
    ]);
  });

  it("sends nothing for not qualified, nor any stage of a lead with denied consent or a held one", async () => {
    const denied = await storedLead({ consent: "denied" });
    const held = await storedLead({ held: "over_ceiling" });
    const rejected = await storedLead();
    await judge(denied, "qualified");
    await judge(held, "customer");
    await judge(rejected, "not_qualified");
    expect(await instance().drain()).toBe(0);
    expect(google.ingests()).toEqual([]);
    expect((await db.query("select 1 from conversion_uploads")).rows).toEqual([]);
  });
});

describe("the outbox against Google's failures", () => {
  it("retries after a 503 at the time Google asks for, and the retry is the same conversion", async () => {
    const lead = await storedLead();
    await queueLeadConversion(lead, queueDeps());
    google.faults.push({ status: 503, headers: { "retry-after": "120" } });
    await instance().drain();
    const pending = (await upload(lead.id))!;
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending.last_error).toMatch(/^Google answered 503 UNAVAILABLE/);
    expect(pending.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(110_000);
    // Nothing is due before then, on this instance or another.
    expect(await instance().drain()).toBe(0);
    await db.query("update conversion_uploads set next_attempt_at = now() where lead_id = $1", [lead.id]);
    expect(await instance().drain()).toBe(1);
    const [first, second] = google.ingests();
    expect(second!.body).toEqual(first!.body);
    expect(await upload(lead.id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("records a refusal with Google's reason and never sends it again", async () => {
    const lead = await storedLead();
    await queueLeadConversion(lead, queueDeps());
    google.faults.push({ status: 400, reason: "INVALID_ARGUMENT", message: "Invalid gclid." });
    await instance().drain();
    await db.query("update conversion_uploads set next_attempt_at = now() - interval '1 day'");
    expect(await instance().drain()).toBe(0);
    expect(google.ingests()).toHaveLength(1);
    expect(await upload(lead.id)).toMatchObject({
      status: "refused",
      attempts: 1,
      last_error: "Google answered 400 INVALID_ARGUMENT (INVALID_ARGUMENT): Invalid gclid.",
    });
  });

  it("records Google's per-event diagnostics: a bad click id refused, a duplicate of a resend counted as sent", async () => {
    const bad = await storedLead();
    const resent = await storedLead();
    for (const lead of [bad, resent]) await queueLeadConversion(lead, queueDeps());
    await instance().drain();
    const [badId, resentId] = [
      (await upload(bad.id))!.platform_request_id!,
      (await upload(resent.id))!.platform_request_id!,
    ];
    google.statuses.set(badId, {
      requestStatus: "FAILED",
      errorInfo: { errorCounts: [{ reason: "PROCESSING_ERROR_REASON_INVALID_GCLID", recordCount: "1" }] },
    });
    google.statuses.set(resentId, {
      requestStatus: "FAILED",
      errorInfo: { errorCounts: [{ reason: "PROCESSING_ERROR_REASON_DUPLICATE_TRANSACTION_ID", recordCount: "1" }] },
    });
    for (const lead of [bad, resent]) await diagnosticsDue(lead.id);
    await instance().drain();
    expect(await upload(bad.id)).toMatchObject({
      status: "refused",
      last_error: "Google could not process it: PROCESSING_ERROR_REASON_INVALID_GCLID",
    });
    expect(await upload(resent.id)).toMatchObject({ status: "sent", diagnosed_at: expect.any(Date) });
  });

  it("waits while Google is still processing, without counting it as a failed attempt", async () => {
    const lead = await storedLead();
    await queueLeadConversion(lead, queueDeps());
    await instance().drain();
    google.statuses.set((await upload(lead.id))!.platform_request_id!, { requestStatus: "PROCESSING" });
    await diagnosticsDue(lead.id);
    await instance().drain();
    expect(await upload(lead.id)).toMatchObject({ status: "sent", attempts: 1, diagnosed_at: null });
  });

  it("expires a Lead still unsent 7 days after it arrived, without calling Google", async () => {
    const lead = await storedLead();
    await queueLeadConversion(lead, queueDeps());
    await db.query("update conversion_uploads set event_time = now() - interval '8 days' where lead_id = $1", [
      lead.id,
    ]);
    await instance().drain();
    expect(google.ingests()).toEqual([]);
    expect(await upload(lead.id)).toMatchObject({ status: "expired" });
  });

  it("sends each conversion once with two instances draining one outbox", async () => {
    const many = await Promise.all(Array.from({ length: 16 }, () => storedLead()));
    for (const lead of many) await queueLeadConversion(lead, queueDeps());
    const [a, b] = [
      new Outbox(call, platformSenders(env), { batch: 3 }),
      new Outbox(call, platformSenders(env), { batch: 3 }),
    ];
    await Promise.all([a.drain(), b.drain()]);
    const sent = google.ingests().map(({ body }) => body.events[0]!.transactionId);
    expect(sent.toSorted()).toEqual(many.map((lead) => leadReference(lead.id)).toSorted());
  });

  it("an instance that dies between Google's answer and the record leaves the row to another, which sends it again under the same transactionId", async () => {
    const lead = await storedLead();
    await queueLeadConversion(lead, queueDeps());
    // The first instance sends, then dies before it records the outcome: its call to record never arrives.
    const dying: typeof call = (fn, args) =>
      fn === "finish_conversion_upload" ? Promise.reject(new Error("process killed")) : call(fn, args);
    await expect(new Outbox(dying, platformSenders(env), { backoffMs: () => 0 }).drain()).rejects.toThrow(
      "process killed",
    );
    expect(await upload(lead.id)).toMatchObject({ status: "pending", attempts: 1 });
    // While its lease runs, no other instance takes the row.
    await instance().drain();
    expect(google.ingests()).toHaveLength(1);
    // Once it ends, the next drain sends it again; Google counts a transactionId once.
    await db.query("update conversion_uploads set claimed_until = now() - interval '1 second' where lead_id = $1", [
      lead.id,
    ]);
    await instance().drain();
    expect(google.ingests().map(({ body }) => body.events[0]!.transactionId)).toEqual([
      leadReference(lead.id),
      leadReference(lead.id),
    ]);
    expect(await upload(lead.id)).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("OAuth access tokens for the Data Manager API", () => {
  const sender = (credentials: GoogleCredentials, tokenUrl?: string) =>
    new GoogleAdsSender({
      apiUrl: google.url,
      operatingAccount: "1234567890",
      conversionActions: { lead: "111" },
      token: new GoogleAccessToken(credentials, tokenUrl),
    });
  const credentialsOf = (json: string) => parseGoogleCredentials(json) as GoogleCredentials;

  it("keeps one token for many uploads, and fetches a new one when Google refuses it", async () => {
    const many = await Promise.all(Array.from({ length: 3 }, () => storedLead()));
    for (const lead of many) await queueLeadConversion(lead, queueDeps());
    const outbox = new Outbox(call, { google: sender(credentialsOf(serviceAccountKey())) }, { backoffMs: () => 0 });
    await outbox.drain();
    expect(google.tokenRequests()).toHaveLength(1);

    google.revokeTokens();
    const next = await storedLead();
    await queueLeadConversion(next, queueDeps());
    await outbox.drain();
    expect(await upload(next.id)).toMatchObject({
      status: "pending",
      last_error: expect.stringMatching(/^Google answered 401/),
    });
    await outbox.drain();
    expect(await upload(next.id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(google.tokenRequests()).toHaveLength(2);
  });

  it("trades an OAuth client's refresh token at GOOGLE_OAUTH_TOKEN_URL", async () => {
    const lead = await storedLead();
    await queueLeadConversion(lead, queueDeps());
    const client = credentialsOf(
      JSON.stringify({
        type: "authorized_user",
        client_id: OAUTH_CLIENT.clientId,
        client_secret: OAUTH_CLIENT.clientSecret,
        refresh_token: OAUTH_CLIENT.refreshToken,
      }),
    );
    await new Outbox(call, { google: sender(client, google.tokenUrl) }).drain();
    expect(Object.fromEntries(google.tokenRequests()[0]!)).toEqual({
      grant_type: "refresh_token",
      client_id: OAUTH_CLIENT.clientId,
      client_secret: OAUTH_CLIENT.clientSecret,
      refresh_token: OAUTH_CLIENT.refreshToken,
    });
    expect(await upload(lead.id)).toMatchObject({ status: "sent" });
  });

  it("keeps the upload pending, naming GOOGLE_ADS_CREDENTIALS, while the token endpoint refuses the key", async () => {
    const lead = await storedLead();
    await queueLeadConversion(lead, queueDeps());
    google.refuseGrants(true);
    await new Outbox(call, { google: sender(credentialsOf(serviceAccountKey())) }).drain();
    expect(google.ingests()).toEqual([]);
    expect(await upload(lead.id)).toMatchObject({
      status: "pending",
      last_error:
        "the OAuth token endpoint answered 400 (invalid_grant: Token has been expired or revoked.): check GOOGLE_ADS_CREDENTIALS",
    });
  });
});
