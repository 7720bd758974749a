import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNATURE_HEADER, signatureHeader } from "#edge/signed-request";
import { embeddedCall, type CallFunction } from "@/lib/contact/server-role-call";
import { PgliteLeadsStore } from "@/lib/contact/pglite-leads-store";
import { insertAsAnon, type LeadRow } from "@/lib/contact/migrations";
import { leadReference } from "@/lib/conversation/reference";
import { readServerEnv } from "@/lib/env/env";
import { handleStageRequest, MAX_STAGE_BODY_BYTES, type StageEndpointDeps } from "@/lib/stages/handle-stage-request";
import { StageStore } from "@/lib/stages/stage-store";
import { sampleRow } from "../support/contact/sample-lead";
import { migratedDatabase } from "../support/supabase/empty-database";

/**
 * POST /api/leads/stage against the embedded database (the real migrations, the server's role): a CRM signing as our
 * webhook signs (LEAD_STAGE_SECRET), or sending LEAD_STAGE_TOKEN; every refusal leaves the stages as they were.
 */
const SECRET = "crm-stage-secret-0123456789abcdef0123";
const TOKEN = "crm-stage-bearer-token-0123456789abcdef";
let leads: PgliteLeadsStore;
let db: Awaited<ReturnType<typeof migratedDatabase>>;
let call: CallFunction;
let deps: StageEndpointDeps;
let woken = 0;

async function storedLead(overrides: Partial<LeadRow> = {}) {
  const lead = sampleRow(overrides);
  await insertAsAnon(db, lead);
  return lead;
}

const stagesOf = async (leadId: string) =>
  (await db.query("select stage, reason, source from lead_stages where lead_id = $1 order by id", [leadId])).rows;

const request = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/leads/stage", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });

const signed = async (body: string, secret = SECRET, at = Date.now()) =>
  request(body, { [SIGNATURE_HEADER]: await signatureHeader(secret, body, at) });

beforeAll(async () => {
  db = await migratedDatabase();
  leads = await PgliteLeadsStore.onDatabase(db);
  call = embeddedCall(async () => leads);
  deps = {
    env: readServerEnv({ LEAD_STAGE_SECRET: SECRET, LEAD_STAGE_TOKEN: TOKEN }),
    store: new StageStore(call),
    claimSignature: async (signature, expiresAt) =>
      (await call("claim_request_signature", { signature, expires_at: expiresAt.toISOString() })) === true,
    wake: () => void woken++,
  };
});
afterAll(() => leads?.close());

describe("POST /api/leads/stage", () => {
  it("records a stage signed with LEAD_STAGE_SECRET exactly as the webhook signs, by the lead's reference", async () => {
    const lead = await storedLead();
    const body = JSON.stringify({ reference: leadReference(lead.id), stage: "qualified" });
    const response = await handleStageRequest(await signed(body), deps);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      outcome: "recorded",
      lead: { id: lead.id, reference: leadReference(lead.id), market: "mx" },
      stage: { stage: "qualified", reason: null, source: "crm" },
    });
    expect(await stagesOf(lead.id)).toEqual([{ stage: "qualified", reason: null, source: "crm" }]);
  });

  it("refuses a replayed, a stale and a forged signature with 401, and changes nothing", async () => {
    const lead = await storedLead();
    const body = JSON.stringify({ leadId: lead.id, stage: "customer" });
    const first = await signed(body);
    const replay = first.clone();
    expect((await handleStageRequest(first, deps)).status).toBe(201);
    const again = await handleStageRequest(replay, deps);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ error: "This signature was already used: sign each request afresh" });

    const other = JSON.stringify({ leadId: lead.id, stage: "not_qualified", reason: "spam" });
    const stale = await handleStageRequest(await signed(other, SECRET, Date.now() - 6 * 60_000), deps);
    expect(stale.status).toBe(401);
    expect(stale.headers.get("www-authenticate")).toContain("Bearer");
    expect(
      (await handleStageRequest(await signed(other, "another-secret-of-32-characters-or-more"), deps)).status,
    ).toBe(401);
    // A signature over other bytes: the body was changed on the way.
    const tampered = request(other, { [SIGNATURE_HEADER]: await signatureHeader(SECRET, body) });
    expect((await handleStageRequest(tampered, deps)).status).toBe(401);
    expect(await stagesOf(lead.id)).toEqual([{ stage: "customer", reason: null, source: "crm" }]);
  });

  it("takes LEAD_STAGE_TOKEN as a bearer token, refuses a wrong one, and records a repeat once", async () => {
    const lead = await storedLead();
    const body = JSON.stringify({ leadId: lead.id, stage: "not_qualified", reason: "below_minimum" });
    expect((await handleStageRequest(request(body, { authorization: `Bearer ${TOKEN}x` }), deps)).status).toBe(401);
    expect((await handleStageRequest(request(body), deps)).status).toBe(401);
    expect(await stagesOf(lead.id)).toEqual([]);
    expect((await handleStageRequest(request(body, { authorization: `Bearer ${TOKEN}` }), deps)).status).toBe(201);
    const repeat = await handleStageRequest(request(body, { authorization: `Bearer ${TOKEN}` }), deps);
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toMatchObject({ outcome: "already" });
    expect(await stagesOf(lead.id)).toEqual([{ stage: "not_qualified", reason: "below_minimum", source: "crm" }]);
  });

  it("answers bad input with the field it names, and an unknown lead with 404", async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const lead = await storedLead();
    const answer = async (body: unknown) => {
      const response = await handleStageRequest(request(JSON.stringify(body), auth), deps);
      return { status: response.status, body: await response.json() };
    };
    expect(await answer({ leadId: lead.id, stage: "won" })).toMatchObject({
      status: 422,
      body: { fields: { stage: "Must be one of qualified, not_qualified, customer" } },
    });
    expect(await answer({ leadId: lead.id, stage: "not_qualified" })).toMatchObject({
      status: 422,
      body: { fields: { reason: expect.stringContaining("not_a_business") } },
    });
    expect(await answer({ leadId: lead.id, stage: "qualified", reason: "spam" })).toMatchObject({
      status: 422,
      body: { fields: { reason: "Only not_qualified takes a reason" } },
    });
    expect(await answer({ stage: "qualified" })).toMatchObject({
      status: 422,
      body: { fields: { reference: expect.any(String) } },
    });
    expect(await answer({ reference: "22222-22222", stage: "qualified" })).toMatchObject({ status: 404 });
    expect(await answer({ leadId: randomUUID(), stage: "qualified" })).toMatchObject({ status: 404 });
    const big = request(
      JSON.stringify({ leadId: lead.id, stage: "qualified", pad: "x".repeat(MAX_STAGE_BODY_BYTES) }),
      auth,
    );
    expect((await handleStageRequest(big, deps)).status).toBe(413);
    expect((await handleStageRequest(request("{", auth), deps)).status).toBe(400);
    expect(await stagesOf(lead.id)).toEqual([]);
  });

  it("is not there on a server without LEAD_STAGE_SECRET or LEAD_STAGE_TOKEN", async () => {
    const response = await handleStageRequest(request("{}", { authorization: `Bearer ${TOKEN}` }), {
      ...deps,
      env: readServerEnv({}),
    });
    expect(response.status).toBe(404);
  });
});
