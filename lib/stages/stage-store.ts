import "server-only";
import type { ConsentState } from "#edge/consent-state";
import { getLeadsStore } from "../contact/leads-store";
import { embeddedCall, supabaseCall, type CallFunction } from "../contact/server-role-call";
import { leadsBackend, type ServerEnv } from "../env/env";
import { serverEnv } from "../env/server-env";
import type { Volume } from "../leads/options";
import type { Market } from "../markets/markets";
import type { NotQualifiedReason, RecordedStage, Stage, StageSource } from "./stages";

/** What the confirmation page, the endpoint and the uploads need of a lead. */
export type StageLead = {
  id: string;
  reference: string;
  company: string;
  market: Market;
  volume: Volume;
  consent: ConsentState | null;
  held: boolean;
  /** Whether a touch of the lead carried a Google click id (gclid, gbraid or wbraid): Google gets only such leads. */
  googleClick: boolean;
  stage: RecordedStage | null;
};

export type RecordOutcome = { outcome: "recorded" | "already"; stage: RecordedStage } | { outcome: "no_lead" };

/** Stages and the leads they judge, through the record_lead_stage migration's SQL functions (server's role). */
export class StageStore {
  private readonly call: CallFunction;

  constructor(call: CallFunction) {
    this.call = call;
  }

  async lead(leadId: string): Promise<StageLead | null> {
    return ((await this.call("lead_stage_summary", { lead_id: leadId })) as StageLead | null) ?? null;
  }

  /** The ids of the leads with this reference: none, one, or (rarely, see lead_reference) two. */
  async leadIdsByReference(reference: string): Promise<string[]> {
    const ids = await this.call("leads_by_reference", { reference });
    return Array.isArray(ids) ? ids.map(String) : [];
  }

  /**
   * Records the stage unless the lead has it already, and queues its upload to `platforms` (with `value` in USD) in
   * the same transaction where the lead may be reported.
   */
  async record(
    leadId: string,
    stage: Stage,
    reason: NotQualifiedReason | null,
    source: StageSource,
    platforms: readonly string[],
    value: number | null,
  ): Promise<RecordOutcome> {
    return (await this.call("record_lead_stage", {
      lead_id: leadId,
      stage,
      reason,
      source,
      platforms,
      value,
    })) as RecordOutcome;
  }

  /** Queues the Lead conversion of a stored lead for `platform`; false when it may not be reported or already was. */
  async queueLeadConversion(leadId: string, platform: string, value: number | null): Promise<boolean> {
    return (await this.call("queue_lead_conversion", { lead_id: leadId, platform, value })) === true;
  }
}

const holder = globalThis as typeof globalThis & { __stageStore?: StageStore | null };

/**
 * The one place that picks where stages live, beside the leads: the embedded database under the server's role, or
 * Supabase with the server's own key (SUPABASE_SECRET_KEY). Undefined on Supabase without that key (a production server
 * with stages or Google configured refuses to start that way).
 */
export function getStageStore(env: ServerEnv = serverEnv()): StageStore | undefined {
  if (holder.__stageStore !== undefined) return holder.__stageStore ?? undefined;
  holder.__stageStore =
    leadsBackend(env) === "embedded"
      ? new StageStore(embeddedCall(getLeadsStore))
      : env.SUPABASE_SECRET_KEY
        ? new StageStore(supabaseCall(env.SUPABASE_URL!, env.SUPABASE_SECRET_KEY, env.SUPABASE_TIMEOUT_MS))
        : null;
  return holder.__stageStore ?? undefined;
}

/** The same store's call, for the outbox (lib/outbox/). */
export function serverRoleCall(env: ServerEnv = serverEnv()): CallFunction | undefined {
  if (leadsBackend(env) === "embedded") return embeddedCall(getLeadsStore);
  return env.SUPABASE_SECRET_KEY
    ? supabaseCall(env.SUPABASE_URL!, env.SUPABASE_SECRET_KEY, env.SUPABASE_TIMEOUT_MS)
    : undefined;
}
