import "server-only";
import { googleAdsEnabled, metaStageSink, type ServerEnv } from "../env/env";
import { log } from "../logging/logger";
import { conversionValue } from "./conversion-value";
import type { RecordOutcome, StageLead, StageStore } from "./stage-store";
import type { ConversionStage, NotQualifiedReason, Stage, StageSource } from "./stages";

/** Which platforms get a conversion for `stage` with this configuration (a stage without a Google action: not Google). */
export function conversionPlatforms(env: ServerEnv, stage: ConversionStage): ("google" | "meta")[] {
  const platforms: ("google" | "meta")[] = [];
  if (googleAdsEnabled(env) && env.GOOGLE_ADS_CONVERSION_ACTIONS?.[stage]) platforms.push("google");
  // Meta has its own Lead (the function, at capture); the stages go as custom events.
  if (stage !== "lead" && metaStageSink(env)) platforms.push("meta");
  return platforms;
}

export type StageRequest = {
  lead: StageLead;
  stage: Stage;
  reason: NotQualifiedReason | null;
  source: StageSource;
};

/**
 * Records sales' verdict on a lead (the email link's confirmation, or a CRM), queueing the conversions it earns in the
 * same transaction, and wakes the outbox so they leave now rather than at its next round. One line in the log, which
 * names the lead by id and never the link's token.
 */
export async function recordStage(
  store: StageStore,
  env: ServerEnv,
  { lead, stage, reason, source }: StageRequest,
  wake: () => void,
): Promise<RecordOutcome> {
  const platforms =
    stage === "not_qualified"
      ? []
      : conversionPlatforms(env, stage).filter((platform) => platform !== "google" || lead.googleClick);
  const value = platforms.length > 0 ? await conversionValue(lead.market, lead.volume) : null;
  const outcome = await store.record(lead.id, stage, reason, source, platforms, value);
  if (outcome.outcome === "recorded") {
    log.info("stage.recorded", `Stage ${stage} recorded by ${source === "crm" ? "a CRM" : "an email link"}`, {
      leadId: lead.id,
      market: lead.market,
      stage,
      ...(reason && { reason }),
      source,
    });
    if (platforms.length > 0) wake();
  }
  return outcome;
}
