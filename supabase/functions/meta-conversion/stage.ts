// Sales' stages as custom Conversions API events (see _shared/stage-event.ts). The site's outbox calls once per stage
// and retries until it gets an answer that settles it: 200 reported (or withheld, with why: nothing was sent), 404 for
// a lead that no longer exists, 422 for an event Meta refused for good or that is too old for Meta; 502 or 503 when
// Meta or the database may take it later. Nothing is recorded here: the outbox keeps the state, and Meta deduplicates a
// resend on the event id. The same rules as the Lead's: nothing about a person whose consent does not allow it, or a
// held lead, or a row that is not the lead the site accepted.
import { logLine } from "../_shared/json-log.ts";
import { mayReport, ofDeclaredMarket, STORED_LEAD_COLUMNS, type StoredLead } from "../_shared/meta-event.ts";
import { buildStageEvent, META_MAX_EVENT_AGE_SECONDS, readStageConversionRequest } from "../_shared/stage-event.ts";
import { json, postgrest, sendToMeta, type Config } from "./service.ts";

type StageLead = StoredLead & { conversion_withheld_reason: string | null };

export async function handleStage(cfg: Config, body: unknown): Promise<Response> {
  const read = readStageConversionRequest(body);
  if ("error" in read) return json(400, { error: read.error });
  if (Date.now() / 1000 - read.eventTime > META_MAX_EVENT_AGE_SECONDS) {
    logLine("warn", "conversion.expired", "meta-conversion: stage not sent: older than Meta's 7 days", {
      leadId: read.leadId,
      eventName: read.eventName,
    });
    return json(422, { error: "Older than 7 days: Meta takes no such event", reason: "expired" });
  }
  let lead: StageLead | undefined;
  try {
    const response = await postgrest(
      cfg,
      `contact_submissions?id=eq.${read.leadId}&select=${STORED_LEAD_COLUMNS},conversion_withheld_reason`,
      { method: "GET" },
    );
    if (!response.ok) throw new Error(`database answered ${response.status}`);
    [lead] = (await response.json()) as StageLead[];
  } catch (error) {
    logLine("error", "conversion.lead_unreadable", `meta-conversion: reading the lead failed (${String(error)})`, {
      leadId: read.leadId,
    });
    return json(503, { error: "Database unavailable" });
  }
  if (!lead) return json(404, { error: "No such lead" });
  const withheld = lead.held_reason
    ? "held"
    : lead.conversion_withheld_reason === "not_vouched"
      ? "not_vouched"
      : !mayReport(lead, lead.tracking_consent ?? "unanswered")
        ? "no_consent"
        : null;
  if (withheld) {
    logLine("info", "conversion.withheld", `meta-conversion: ${read.eventName} not sent (${withheld})`, {
      leadId: lead.id,
      reason: withheld,
    });
    return json(200, { ok: true, reported: false, reason: withheld });
  }
  if (!ofDeclaredMarket(lead))
    return json(500, { error: "Unknown market: deploy the function with the site's markets" });
  const result = await sendToMeta(cfg, [await buildStageEvent(lead, read)]);
  if (result === null) return json(200, { ok: true, reported: true });
  logLine("error", "conversion.meta_refused", `meta-conversion: ${read.eventName} not reported: ${result.failure}`, {
    leadId: lead.id,
  });
  // Meta's own words come back to the site's outbox, which records them as the reason it gave up.
  return result.permanent
    ? json(422, { error: "Meta refused the event", reason: "refused", meta: result.failure })
    : json(502, { error: "Meta did not accept the event" });
}
