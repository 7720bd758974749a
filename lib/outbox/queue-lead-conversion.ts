import "server-only";
import { allowsTracking } from "#edge/consent-state";
import type { Lead } from "../contact/leads-store-contract";
import type { ServerEnv } from "../env/env";
import { serverEnv } from "../env/server-env";
import { log } from "../logging/logger";
import { withRetries } from "../alerts/retry";
import { conversionPlatforms } from "../stages/record-stage";
import { conversionValue } from "../stages/conversion-value";
import { getStageStore, type StageStore } from "../stages/stage-store";
import { wakeOutbox } from "./outbox-runtime";

/** Whether a touch of the lead carried Google's click id: the Lead goes to Google only then. */
export const hasGoogleClick = (lead: Pick<Lead, "attribution">) =>
  [lead.attribution.last, lead.attribution.first].some((touch) => touch?.gclid || touch?.gbraid || touch?.wbraid);

export type QueueDeps = {
  env: ServerEnv;
  store: StageStore | undefined;
  value: (lead: Lead) => Promise<number | null>;
  wake: () => void;
};

const defaultDeps = (): QueueDeps => {
  const env = serverEnv();
  return {
    env,
    store: getStageStore(env),
    value: (lead) => conversionValue(lead.market, lead.volume),
    wake: wakeOutbox,
  };
};

/**
 * Queues the Lead conversion of a newly stored lead for Google Ads (Meta's Lead goes through the function as before):
 * only with a Google click id, tracking consent and no hold, and a conversion action for `lead`. Runs after the
 * visitor's answer; the upload itself leaves through the outbox, so the contact route never waits on Google. True when
 * an upload was queued (false: not reportable, not configured, or already queued by an earlier attempt).
 */
export async function queueLeadConversion(lead: Lead, deps: QueueDeps = defaultDeps()): Promise<boolean> {
  if (lead.held || !allowsTracking(lead.consent) || !hasGoogleClick(lead)) return false;
  const { store } = deps;
  if (!store || !conversionPlatforms(deps.env, "lead").includes("google")) return false;
  const value = await deps.value(lead);
  let queued = false;
  const { ok, failures } = await withRetries(async () => {
    queued = await store.queueLeadConversion(lead.id, "google", value);
    return { ok: true };
  });
  if (!ok) {
    log.error("outbox.queue_failed", "The lead's Google conversion could not be queued", { leadId: lead.id, failures });
    return false;
  }
  if (queued) deps.wake();
  return queued;
}
