import "server-only";
import { readCappedBody } from "#edge/capped-body";
import { verifySignatureHeader, SIGNATURE_HEADER } from "#edge/signed-request";
import { bearerToken, sameSecret } from "../analytics/results-auth";
import type { ServerEnv } from "../env/env";
import { log } from "../logging/logger";
import { tagRequest } from "../logging/request-context";
import { recordStage } from "./record-stage";
import type { StageStore } from "./stage-store";
import { isNotQualifiedReason, isStage, NOT_QUALIFIED_REASONS, STAGES, type NotQualifiedReason } from "./stages";

/** A stage request is a few dozen bytes; anything near this is not one. */
export const MAX_STAGE_BODY_BYTES = 4 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REFERENCE = /^[2-9A-HJ-NP-TV-Z]{5}-?[2-9A-HJ-NP-TV-Z]{5}$/i;

export type StageEndpointDeps = {
  env: ServerEnv;
  store: StageStore | undefined;
  /** Records a signature until it expires; false when it was recorded before (a replay). Shared by every instance. */
  claimSignature: (signature: string, expiresAt: Date) => Promise<boolean>;
  /** Wakes the outbox after a stage that queued conversions. */
  wake: () => void;
  now?: () => number;
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });

const unauthorized = (error: string) =>
  json(401, { error }, { "www-authenticate": 'Bearer realm="lead-stage", Signature realm="lead-stage"' });

type Caller = { ok: true; by: "signature" | "token"; signature?: { value: string; expiresAt: Date } } | { ok: false };

/**
 * Who is calling: a CRM that signed the raw body with LEAD_STAGE_SECRET exactly as our outgoing webhook signs
 * (X-Signature: t=<unix ms>,v1=<hex HMAC-SHA256 of "<t>.<body>">, within five minutes), or one that sends
 * LEAD_STAGE_TOKEN as a bearer token. A request that carries a signature is judged by it alone.
 */
async function caller(request: Request, bytes: Uint8Array, deps: StageEndpointDeps): Promise<Caller> {
  const header = request.headers.get(SIGNATURE_HEADER);
  if (header !== null) {
    if (!deps.env.LEAD_STAGE_SECRET) return { ok: false };
    const check = await verifySignatureHeader(deps.env.LEAD_STAGE_SECRET, header, bytes, { now: deps.now?.() });
    if (!check.ok) {
      log.warn("stage.refused", `Stage request refused: its signature is ${check.reason}`, { reason: check.reason });
      return { ok: false };
    }
    return { ok: true, by: "signature", signature: { value: check.signature, expiresAt: check.expiresAt } };
  }
  const token = bearerToken(request.headers);
  if (token && deps.env.LEAD_STAGE_TOKEN && sameSecret(token, deps.env.LEAD_STAGE_TOKEN))
    return { ok: true, by: "token" };
  log.warn("stage.refused", token ? "Stage request refused: wrong token" : "Stage request refused: no credentials", {
    reason: token ? "wrong_token" : "missing",
  });
  return { ok: false };
}

type Parsed =
  | { ok: true; leadId?: string; reference?: string; stage: (typeof STAGES)[number]; reason: NotQualifiedReason | null }
  | { ok: false; fields: Record<string, string> };

/** The body: { reference | leadId, stage, reason } (reason only, and always, for not_qualified). */
export function parseStageBody(body: unknown): Parsed {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { ok: false, fields: { body: "Must be a JSON object" } };
  const b = body as Record<string, unknown>;
  const fields: Record<string, string> = {};
  const leadId = typeof b.leadId === "string" ? b.leadId.trim() : undefined;
  const reference = typeof b.reference === "string" ? b.reference.trim() : undefined;
  if (b.leadId !== undefined && (!leadId || !UUID.test(leadId))) fields.leadId = "Must be the lead's id (a UUID)";
  if (b.reference !== undefined && (!reference || !REFERENCE.test(reference)))
    fields.reference = "Must be the lead's reference, e.g. K7QXM-3P9TR";
  if (b.leadId === undefined && b.reference === undefined) fields.reference = "Name the lead: reference or leadId";
  if (!isStage(b.stage)) fields.stage = `Must be one of ${STAGES.join(", ")}`;
  const reason = b.reason === undefined || b.reason === null || b.reason === "" ? null : b.reason;
  if (b.stage === "not_qualified" && !isNotQualifiedReason(reason))
    fields.reason = `Must be one of ${NOT_QUALIFIED_REASONS.join(", ")} for not_qualified`;
  if (b.stage !== "not_qualified" && reason !== null) fields.reason = "Only not_qualified takes a reason";
  if (Object.keys(fields).length > 0 || !isStage(b.stage)) return { ok: false, fields };
  return {
    ok: true,
    ...(leadId && { leadId: leadId.toLowerCase() }),
    ...(reference && { reference: reference.toUpperCase().replace(/^(.{5})-?(.{5})$/, "$1-$2") }),
    stage: b.stage,
    reason: isNotQualifiedReason(reason) ? reason : null,
  };
}

/**
 * POST /api/leads/stage: a CRM records sales' verdict on a lead (docs/leads.md). A bad, stale or replayed signature
 * and a wrong token get 401, and nothing changes; so does a request when the server has no way to check one.
 */
export async function handleStageRequest(request: Request, deps: StageEndpointDeps): Promise<Response> {
  if (request.method !== "POST") return json(405, { error: "Use POST" }, { allow: "POST" });
  if (!deps.env.LEAD_STAGE_SECRET && !deps.env.LEAD_STAGE_TOKEN)
    return json(404, { error: "Recording stages is not configured on this server" });
  const mediaType = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") return json(415, { error: "Send the stage as application/json" });
  const bytes = await readCappedBody(request, MAX_STAGE_BODY_BYTES);
  if (bytes === null) return json(413, { error: `Body over ${MAX_STAGE_BODY_BYTES} bytes` });

  const who = await caller(request, bytes, deps);
  if (!who.ok) return unauthorized("Missing or invalid signature or token");
  if (!deps.store) return json(503, { error: "No store for stages: set SUPABASE_SECRET_KEY on the server" });
  if (who.signature) {
    let first: boolean;
    try {
      first = await deps.claimSignature(who.signature.value, who.signature.expiresAt);
    } catch (error) {
      log.error("stage.failed", "Stage request not recorded: the store did not answer", { err: error });
      return json(503, { error: "The leads store did not answer; try again" }, { "retry-after": "5" });
    }
    if (!first) {
      log.warn("stage.refused", "Stage request refused: a replayed signature", { reason: "replayed" });
      return unauthorized("This signature was already used: sign each request afresh");
    }
  }

  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return json(400, { error: "Body is not valid JSON" });
  }
  const parsed = parseStageBody(body);
  if (!parsed.ok) return json(422, { error: "Some fields are invalid", fields: parsed.fields });

  try {
    let leadId = parsed.leadId;
    if (!leadId) {
      const ids = await deps.store.leadIdsByReference(parsed.reference!);
      if (ids.length > 1)
        return json(409, { error: "Two leads share this reference: send the leadId instead", field: "reference" });
      leadId = ids[0];
    }
    const lead = leadId ? await deps.store.lead(leadId) : null;
    if (!lead)
      return json(404, { error: "No lead with this reference or id", field: parsed.leadId ? "leadId" : "reference" });
    tagRequest({ leadId: lead.id, market: lead.market });
    const outcome = await recordStage(
      deps.store,
      deps.env,
      { lead, stage: parsed.stage, reason: parsed.reason, source: "crm" },
      deps.wake,
    );
    if (outcome.outcome === "no_lead") return json(404, { error: "No lead with this reference or id" });
    return json(outcome.outcome === "recorded" ? 201 : 200, {
      outcome: outcome.outcome,
      lead: { id: lead.id, reference: lead.reference, market: lead.market },
      stage: outcome.stage,
    });
  } catch (error) {
    log.error("stage.failed", "Stage request not recorded: the store did not answer", { err: error });
    return json(503, { error: "The leads store did not answer; try again" }, { "retry-after": "5" });
  }
}
