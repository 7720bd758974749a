// Sales' stages as Meta Conversions API events: the contract between the site's outbox and the meta-conversion
// function, and the event built from it. Custom events in the pixel's dataset, `QualifiedLead` and `Customer`, with
// action_source `system_generated` (set by our own system, not on a website), event_time the moment sales recorded
// the stage, and the identifiers the lead's row holds, normalised and hashed as the Lead event's are. None of the fields
// of Meta's CRM integration for its Instant Forms (lead_id, lead_event_source, event_source "crm"): marketers optimise
// on these events with custom conversions (docs/marketers.md). Pure and Web-API-only: Deno runs it, Vitest tests it.
import { MARKET_BY_CODE } from "./markets.ts";
import { nameParts, normaliseEmail, normalisePhone, sha256Hex, type DeclaredMarketLead } from "./meta-event.ts";

/** The stage → the custom event Meta gets. */
export const STAGE_EVENT_NAMES = { qualified: "QualifiedLead", customer: "Customer" } as const;
export type StageEventName = (typeof STAGE_EVENT_NAMES)[keyof typeof STAGE_EVENT_NAMES];
export type ReportedStage = keyof typeof STAGE_EVENT_NAMES;

/** Meta refuses a request holding an event older than this. */
export const META_MAX_EVENT_AGE_SECONDS = 7 * 24 * 60 * 60;

/** What the site's outbox sends for one stage. */
export type StageConversionRequest = {
  eventName: StageEventName;
  /** The lead's id: the function reads who the person is from its row. */
  leadId: string;
  /** `<lead id>.<stage>`: one event per lead and stage, which Meta deduplicates on a resend. */
  eventId: string;
  /** When sales recorded the stage, Unix seconds. */
  eventTime: number;
  /** USD from the market's value table, or null. */
  value: number | null;
};

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NAMES = Object.values(STAGE_EVENT_NAMES) as string[];

export const isStageEventName = (value: unknown): value is StageEventName =>
  typeof value === "string" && NAMES.includes(value);

/** The stage request, or why the body is not one. */
export function readStageConversionRequest(body: unknown): StageConversionRequest | { error: string } {
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  if (!isStageEventName(b.eventName)) return { error: `eventName must be one of ${NAMES.join(", ")}` };
  if (typeof b.leadId !== "string" || !UUID_V4.test(b.leadId)) return { error: "leadId must be a UUID v4" };
  const stage = (Object.keys(STAGE_EVENT_NAMES) as ReportedStage[]).find((s) => STAGE_EVENT_NAMES[s] === b.eventName)!;
  if (b.eventId !== `${b.leadId}.${stage}`) return { error: "eventId must be <leadId>.<stage>" };
  if (typeof b.eventTime !== "number" || !Number.isInteger(b.eventTime) || b.eventTime <= 0)
    return { error: "eventTime must be Unix seconds" };
  const value =
    typeof b.value === "number" && Number.isFinite(b.value) && b.value >= 0 && b.value <= 10_000_000 ? b.value : null;
  return { eventName: b.eventName, leadId: b.leadId, eventId: b.eventId, eventTime: b.eventTime, value };
}

export type StageEvent = {
  event_name: StageEventName;
  event_time: number;
  event_id: string;
  action_source: "system_generated";
  user_data: { em: string[]; ph: string[]; fn?: string[]; ln?: string[]; external_id: string[]; country: string[] };
  custom_data?: { value: number; currency: "USD" };
};

/** The event Meta receives for a stage of a stored lead: who the person is comes from the row, as for the Lead. */
export async function buildStageEvent(lead: DeclaredMarketLead, request: StageConversionRequest): Promise<StageEvent> {
  const email = await sha256Hex(normaliseEmail(lead.email));
  const { fn, ln, otherLn } = nameParts(lead.contact_name, lead.market);
  return {
    event_name: request.eventName,
    event_time: request.eventTime,
    event_id: request.eventId,
    action_source: "system_generated",
    user_data: {
      em: [email],
      ph: [await sha256Hex(normalisePhone(lead.phone_e164))],
      ...(fn ? { fn: [await sha256Hex(fn)] } : {}),
      ...(ln ? { ln: await Promise.all([ln, ...(otherLn ? [otherLn] : [])].map(sha256Hex)) } : {}),
      external_id: [email],
      country: [await sha256Hex(MARKET_BY_CODE[lead.market].country.toLowerCase())],
    },
    ...(request.value !== null ? { custom_data: { value: request.value, currency: "USD" } } : {}),
  };
}
