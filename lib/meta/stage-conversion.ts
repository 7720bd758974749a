import { CONVERSION_CALL_TIMEOUT_MS } from "#edge/deadlines";
import { CONVERSION_SIGNATURE_PURPOSE, SIGNATURE_HEADER, signatureHeader } from "#edge/signed-request";
import { STAGE_EVENT_NAMES, type StageConversionRequest } from "#edge/stage-event";
import { log } from "../logging/logger";
import type { PlatformSender, SendResult, Upload } from "../outbox/upload";

/** The body the meta-conversion function takes for a stage (supabase/functions/_shared/stage-event.ts). */
export function stageConversionRequest(upload: Upload): StageConversionRequest | null {
  if (upload.stage !== "qualified" && upload.stage !== "customer") return null;
  return {
    eventName: STAGE_EVENT_NAMES[upload.stage],
    leadId: upload.leadId,
    eventId: `${upload.leadId}.${upload.stage}`,
    eventTime: Math.floor(Date.parse(upload.eventTime) / 1000),
    value: upload.value,
  };
}

export type MetaStageSettings =
  /** The meta-conversion function's URL, the project's anon key (its gateway's) and the calls' signing secret. */
  | { sink: "function"; functionUrl: string; anonKey: string; signingSecret: string }
  /** Development and tests on the embedded store: a log line stands in for the function, as for the Lead. */
  | { sink: "local" };

/**
 * Sales' stages to Meta, through the meta-conversion function, which holds Meta's token: one signed call per stage.
 * The function's answer settles the upload: 200 reported or withheld (nothing sent, with why), 404 (the lead is gone)
 * and 422 (Meta refused it, or it is older than Meta takes) for good; anything else is tried again.
 */
export class MetaStageSender implements PlatformSender {
  private readonly settings: MetaStageSettings;

  constructor(settings: MetaStageSettings) {
    this.settings = settings;
  }

  async send(upload: Upload): Promise<SendResult> {
    const request = stageConversionRequest(upload);
    if (!request) return { outcome: "refused", reason: `Meta gets no ${upload.stage} from the outbox` };
    if (this.settings.sink === "local") {
      log.info("conversion.sent", "Stage conversion logged locally (embedded mode sends nothing to Meta)", {
        sink: "local",
        eventName: request.eventName,
        leadId: upload.leadId,
        value: request.value,
      });
      return { outcome: "sent" };
    }
    const body = JSON.stringify(request);
    let response: Response;
    try {
      response = await fetch(this.settings.functionUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          apikey: this.settings.anonKey,
          authorization: `Bearer ${this.settings.anonKey}`,
          [SIGNATURE_HEADER]: await signatureHeader(
            this.settings.signingSecret,
            body,
            Date.now(),
            CONVERSION_SIGNATURE_PURPOSE,
          ),
        },
        body,
        signal: AbortSignal.timeout(CONVERSION_CALL_TIMEOUT_MS),
      });
    } catch (error) {
      return {
        outcome: "retry",
        reason: `meta-conversion unreachable (${error instanceof Error ? error.name : error})`,
      };
    }
    const answer = (await response.json().catch(() => ({}))) as {
      reported?: boolean;
      reason?: string;
      error?: string;
      meta?: string;
    };
    if (response.status === 200)
      return answer.reported === false
        ? { outcome: "refused", reason: `withheld by meta-conversion: ${answer.reason ?? "no reason given"}` }
        : { outcome: "sent" };
    if (response.status === 404) return { outcome: "refused", reason: "meta-conversion found no such lead" };
    if (response.status === 422)
      return answer.reason === "expired"
        ? { outcome: "expired", reason: "older than Meta's 7 days when it reached the function" }
        : { outcome: "refused", reason: (answer.meta ?? answer.error ?? "Meta refused the event").slice(0, 500) };
    return {
      outcome: "retry",
      reason: `meta-conversion answered ${response.status}${answer.error ? `: ${answer.error}` : ""}`,
    };
  }
}
