// Supabase Edge Function: reports a stored lead to Meta's Conversions API as a server `Lead` event, once.
// Only the site may call it: the project's key is public by design, so each call must also be signed with
// CONVERSION_SIGNING_SECRET (a secret the site and this function alone hold), recent, and not seen before — each
// accepted signature is recorded in the database, which every instance of the function shares.
// The body only names the lead (its id, which is also the browser pixel's eventID, so Meta deduplicates the
// two) and the visit's context; who the person is comes from contact_submissions, read with the service role
// Supabase gives every function. Claiming the row (setting conversion_reported_at, which anon cannot write)
// before calling Meta makes a second report of a lead send nothing. Whoever holds the project's key can insert rows,
// so a row proves nothing by itself: Meta hears of a lead only when the signed call vouches for it (the request that
// sent it passed every check of the form, and stored exactly these details) and the stored row is not held. Meta gets
// nothing about a person whose consent does not allow it (the call's and the stored record's both count). A lead
// Meta does not get is marked withheld, with why.
// Plain fetch against PostgREST and the Graph API: no imports that need the internet at run time.
import { readCappedBody } from "../_shared/capped-body.ts";
import { logLine } from "../_shared/json-log.ts";
import {
  buildLeadEvent,
  leadDigest,
  mayReport,
  ofDeclaredMarket,
  readConversionRequest,
  STORED_LEAD_COLUMNS,
  type StoredLead,
} from "../_shared/meta-event.ts";
import {
  CONVERSION_SIGNATURE_PURPOSE,
  MIN_SECRET_LENGTH,
  SIGNATURE_HEADER,
  verifySignatureHeader,
} from "../_shared/signed-request.ts";
import { isStageEventName } from "../_shared/stage-event.ts";
import { config, json, MAX_BODY_BYTES, postgrest, sendToMeta, type Config } from "./service.ts";
import { handleStage } from "./stage.ts";

/** Why Meta got nothing for a lead (conversion_withheld_reason). */
type WithheldReason = "no_consent" | "held" | "not_vouched";

/** One PostgREST call on contact_submissions. */
const leads = (cfg: Config, query: string, init: { method: string; body?: unknown; prefer?: string }) =>
  postgrest(cfg, `contact_submissions?${query}`, init);

/** Records an accepted signature until it expires; false when it was recorded before (a replayed call). */
async function claimSignature(cfg: Config, signature: string, expiresAt: Date): Promise<boolean> {
  const response = await postgrest(cfg, "rpc/claim_request_signature", {
    method: "POST",
    body: { signature, expires_at: expiresAt.toISOString() },
  });
  if (!response.ok) throw new Error(`database answered ${response.status}`);
  return (await response.json()) === true;
}

/** Marks the lead reported if nobody has yet, and returns it; null when it does not exist, was reported or withheld. */
async function claim(cfg: Config, id: string, at: string): Promise<StoredLead | null> {
  const query = `id=eq.${id}&conversion_reported_at=is.null&conversion_withheld_reason=is.null&select=${STORED_LEAD_COLUMNS}`;
  const response = await leads(cfg, query, {
    method: "PATCH",
    body: { conversion_reported_at: at },
    prefer: "return=representation",
  });
  if (!response.ok) throw new Error(`database answered ${response.status}`);
  const rows = (await response.json()) as StoredLead[];
  return rows[0] ?? null;
}

/** Meta did not take the event: the claim is undone so a later call may report it. */
async function release(cfg: Config, id: string, at: string): Promise<void> {
  const response = await leads(cfg, `id=eq.${id}&conversion_reported_at=eq.${encodeURIComponent(at)}`, {
    method: "PATCH",
    body: { conversion_reported_at: null },
  });
  if (!response.ok) throw new Error(`database answered ${response.status}`);
}

/** Undoes the claim of a lead that was not reported; a failure leaves it marked reported, and is logged. */
async function releaseOrLog(cfg: Config, id: string, at: string): Promise<void> {
  try {
    await release(cfg, id, at);
  } catch (error) {
    logLine(
      "error",
      "conversion.release_failed",
      `meta-conversion: the lead stays marked reported, releasing it failed (${reason(error)})`,
      { leadId: id },
    );
  }
}

/**
 * The claimed lead may not be reported: it is recorded as withheld instead, for lack of consent (for good), because
 * the site held it (until an operator releases it, docs/leads.md), or because the row is not the lead the site's call
 * vouched for (for good).
 */
async function withhold(cfg: Config, id: string, at: string, why: WithheldReason): Promise<void> {
  const response = await leads(cfg, `id=eq.${id}&conversion_reported_at=eq.${encodeURIComponent(at)}`, {
    method: "PATCH",
    body: { conversion_reported_at: null, conversion_withheld_reason: why },
  });
  if (!response.ok) throw new Error(`database answered ${response.status}`);
}

/** Why a lead could not be claimed: it does not exist, or it was reported or withheld before. */
async function unclaimable(cfg: Config, id: string): Promise<"missing" | "reported" | WithheldReason> {
  const response = await leads(cfg, `id=eq.${id}&select=conversion_withheld_reason`, { method: "GET" });
  if (!response.ok) throw new Error(`database answered ${response.status}`);
  const [row] = (await response.json()) as { conversion_withheld_reason: WithheldReason | null }[];
  return !row ? "missing" : (row.conversion_withheld_reason ?? "reported");
}

const WITHHELD_MESSAGES: Record<WithheldReason, string> = {
  no_consent: "meta-conversion: nothing sent to Meta: the visitor's consent does not allow it",
  held: "meta-conversion: nothing sent to Meta: the site held the lead (no valid proof of work, or above the global ceiling)",
  not_vouched:
    "meta-conversion: nothing sent to Meta: the stored lead is not the one the site accepted (a row written with the project's key?)",
};

const reason = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

export async function handle(request: Request): Promise<Response> {
  if (request.method !== "POST") return json(405, { error: "Only POST" }, { allow: "POST" });
  const cfg = config();
  if (!cfg) {
    logLine(
      "error",
      "conversion.unconfigured",
      `meta-conversion: META_PIXEL_ID, META_ACCESS_TOKEN, SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY and CONVERSION_SIGNING_SECRET (at least ${MIN_SECRET_LENGTH} characters) must be set`,
    );
    return json(500, { error: "Function not configured" });
  }
  const bytes = await readCappedBody(request, MAX_BODY_BYTES);
  if (bytes === null) return json(413, { error: `Body over ${MAX_BODY_BYTES} bytes` });

  // Checked on the bytes as received, before anything is parsed or read from the database.
  const signed = await verifySignatureHeader(cfg.signingSecret, request.headers.get(SIGNATURE_HEADER), bytes, {
    purpose: CONVERSION_SIGNATURE_PURPOSE,
  });
  if (!signed.ok) {
    logLine("warn", "conversion.call_refused", `meta-conversion: refused a call whose signature is ${signed.reason}`, {
      reason: signed.reason,
    });
    return json(401, { error: signed.reason === "stale" ? "Signature is not recent" : "Missing or invalid signature" });
  }
  try {
    if (!(await claimSignature(cfg, signed.signature, signed.expiresAt))) {
      logLine("warn", "conversion.call_refused", "meta-conversion: refused a replayed call", { reason: "replayed" });
      return json(409, { error: "This call was already received" });
    }
  } catch (error) {
    logLine(
      "error",
      "conversion.database_unavailable",
      `meta-conversion: recording a call's signature failed (${reason(error)})`,
    );
    return json(503, { error: "Database unavailable" });
  }

  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return json(400, { error: "Body must be JSON" });
  }
  // Sales' stages (QualifiedLead, Customer): custom events of a stored lead, from the site's outbox.
  if (isStageEventName((body as { eventName?: unknown } | null)?.eventName)) return handleStage(cfg, body);
  const read = readConversionRequest(body);
  if ("error" in read) return json(400, { error: read.error });

  const claimedAt = new Date().toISOString();
  let lead: StoredLead | null;
  try {
    lead = await claim(cfg, read.eventId, claimedAt);
    if (!lead) {
      const why = await unclaimable(cfg, read.eventId);
      if (why === "missing") return json(404, { error: "No such lead" });
      return json(
        409,
        {
          reported: { error: "Already reported" },
          no_consent: { error: "Already withheld for lack of consent" },
          held: { error: "Withheld: the site held this lead" },
          not_vouched: { error: "Withheld: the stored lead is not the one the site accepted" },
        }[why],
      );
    }
  } catch (error) {
    logLine("error", "conversion.lead_unreadable", `meta-conversion: reading the lead failed (${reason(error)})`, {
      leadId: read.eventId,
    });
    return json(503, { error: "Database unavailable" });
  }

  const withheld: WithheldReason | null =
    read.held !== null || lead.held_reason
      ? "held"
      : read.leadDigest !== (await leadDigest(lead))
        ? "not_vouched"
        : !mayReport(lead, read.consent)
          ? "no_consent"
          : null;
  if (withheld) {
    try {
      await withhold(cfg, lead.id, claimedAt, withheld);
    } catch (error) {
      logLine(
        "error",
        "conversion.lead_unreadable",
        `meta-conversion: recording the withheld lead failed (${reason(error)})`,
        { leadId: lead.id },
      );
      return json(503, { error: "Database unavailable" });
    }
    logLine("info", "conversion.withheld", WITHHELD_MESSAGES[withheld], { leadId: lead.id, reason: withheld });
    return json(200, { ok: true, reported: false, reason: withheld });
  }

  if (!ofDeclaredMarket(lead)) {
    // A market added to the site after this function was deployed: the lead goes back unclaimed, so a call made once
    // the function is deployed again reports it.
    logLine(
      "error",
      "conversion.unknown_market",
      `meta-conversion: not reported: this deployment does not declare the lead's market ${JSON.stringify(lead.market)}; deploy the function again`,
      { leadId: lead.id },
    );
    await releaseOrLog(cfg, lead.id, claimedAt);
    return json(500, { error: "Unknown market: deploy the function with the site's markets" });
  }

  const event = await buildLeadEvent(lead, read.context);
  const failure = (await sendToMeta(cfg, [event]))?.failure ?? null;
  if (failure === null) return json(200, { ok: true, reported: true });

  logLine("error", "conversion.meta_refused", `meta-conversion: not reported: ${failure}`, { leadId: lead.id });
  await releaseOrLog(cfg, lead.id, claimedAt);
  // Meta's reply stays in the function's logs: the caller only learns that the event was not accepted.
  return json(502, { error: "Meta did not accept the event" });
}

Deno.serve(handle);
