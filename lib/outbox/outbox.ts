import { randomUUID } from "node:crypto";
import { allowsTracking } from "#edge/consent-state";
import type { CallFunction } from "../contact/server-role-call";
import { log } from "../logging/logger";
import type { Platform, PlatformSender, SendResult, Upload } from "./upload";

/**
 * Meta refuses a whole request holding an event older than 7 days, and Google gets the same rule, so both platforms
 * learn the same conversions: an upload still unsent 7 days after its event (the lead's arrival, sales' stage) expires.
 */
export const MAX_EVENT_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export type OutboxOptions = {
  /** How long a claim holds its rows: an instance that dies mid-send gives them up after this. */
  leaseSeconds: number;
  /** Rows per claim. */
  batch: number;
  /** Attempts before a transient failure becomes `failed`. */
  maxAttempts: number;
  /** Google's diagnostics are read this long after the upload. */
  diagnoseAfterSeconds: number;
  /** The wait before attempt n + 1 after n failed attempts. */
  backoffMs: (attempts: number) => number;
  now: () => number;
};

/** 1, 2, 4 … minutes, at most 6 hours, with up to a fifth of jitter so instances do not retry in step. */
export const defaultBackoffMs = (attempts: number) =>
  Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000) * (1 + Math.random() / 5);

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  leaseSeconds: 120,
  batch: 20,
  maxAttempts: 12,
  diagnoseAfterSeconds: 900,
  backoffMs: defaultBackoffMs,
  now: Date.now,
};

type Finish = {
  outcome: "sent" | "diagnosed" | "retry" | "refused" | "expired" | "failed";
  detail?: string;
  retryAt?: Date;
  requestId?: string;
};

/**
 * The outbox of conversions, drained by every instance: each drain claims due rows in the leads store (FOR UPDATE SKIP
 * LOCKED and a lease, so no two instances hold a row at once), hands each to its platform's sender, and records the
 * outcome only while it still holds the claim. A crash between the send and the record leaves the row to be claimed
 * again once its lease ends: it is sent again, and the platform deduplicates it. Nothing here is kept in memory.
 */
export class Outbox {
  private readonly call: CallFunction;
  private readonly senders: Partial<Record<Platform, PlatformSender>>;
  private readonly options: OutboxOptions;
  /** This instance's name in the claims: a new one per process. */
  readonly worker = randomUUID();
  private draining: Promise<number> | undefined;
  private again = false;

  constructor(
    call: CallFunction,
    senders: Partial<Record<Platform, PlatformSender>>,
    options: Partial<OutboxOptions> = {},
  ) {
    this.call = call;
    this.senders = senders;
    this.options = { ...DEFAULT_OUTBOX_OPTIONS, ...options };
  }

  /** Drains until nothing is due; one drain at a time per instance (a wake meanwhile runs one more round). */
  drain(): Promise<number> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      let handled = 0;
      try {
        do {
          this.again = false;
          for (;;) {
            const claimed = await this.claim();
            for (const upload of claimed) await this.handle(upload);
            handled += claimed.length;
            if (claimed.length < this.options.batch) break;
          }
        } while (this.again);
      } finally {
        this.draining = undefined;
      }
      return handled;
    })();
    return this.draining;
  }

  private async claim(): Promise<Upload[]> {
    const rows = await this.call("claim_conversion_uploads", {
      worker: this.worker,
      max_rows: this.options.batch,
      lease_seconds: this.options.leaseSeconds,
      diagnose_after_seconds: this.options.diagnoseAfterSeconds,
    });
    return Array.isArray(rows) ? (rows as Upload[]).map((row) => ({ ...row, value: toNumberOrNull(row.value) })) : [];
  }

  /** One claimed row: the rules every platform shares, then its sender, then the outcome recorded. */
  async handle(upload: Upload): Promise<void> {
    const finish = await this.attempt(upload);
    await this.finish(upload, finish);
  }

  private async attempt(upload: Upload): Promise<Finish> {
    const { lead } = upload;
    // Queued only for a lead that may be reported; checked again, as the row may have changed since.
    if (lead.held) return { outcome: "refused", detail: "withheld: the lead is held" };
    if (!lead.consent || !allowsTracking(lead.consent))
      return { outcome: "refused", detail: "withheld: the lead's consent does not allow tracking" };
    if (upload.status === "pending" && this.options.now() - Date.parse(upload.eventTime) > MAX_EVENT_AGE_MS)
      return {
        outcome: "expired",
        detail: `not sent within 7 days of the ${upload.stage === "lead" ? "lead's arrival" : "stage"}: ${upload.platform === "meta" ? "Meta takes no older event" : "sent to neither platform after 7 days"}`,
      };
    const sender = this.senders[upload.platform];
    if (!sender)
      return this.retryOrFail(upload, {
        outcome: "retry",
        reason: `${upload.platform} is not configured on this server`,
      });
    let result: SendResult;
    try {
      result =
        upload.status === "sent"
          ? sender.diagnose
            ? await sender.diagnose(upload)
            : { outcome: "diagnosed" }
          : await sender.send(upload);
    } catch (error) {
      result = { outcome: "retry", reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
    if (result.outcome === "retry") return this.retryOrFail(upload, result);
    if (result.outcome === "sent") return { outcome: "sent", ...(result.requestId && { requestId: result.requestId }) };
    if (result.outcome === "diagnosed") return { outcome: "diagnosed" };
    return { outcome: result.outcome, detail: result.reason };
  }

  private retryOrFail(upload: Upload, result: Extract<SendResult, { outcome: "retry" }>): Finish {
    // Diagnostics still being processed are not a failed attempt of the upload.
    const counts = upload.status === "pending" && result.countsAsAttempt !== false;
    if (counts && upload.attempts >= this.options.maxAttempts)
      return { outcome: "failed", detail: `gave up after ${upload.attempts} attempts: ${result.reason}` };
    const wait = Math.max(result.retryAfterMs ?? 0, this.options.backoffMs(upload.attempts));
    return { outcome: "retry", detail: result.reason, retryAt: new Date(this.options.now() + wait) };
  }

  private async finish(upload: Upload, finish: Finish): Promise<void> {
    const recorded = await this.call("finish_conversion_upload", {
      upload_id: upload.id,
      worker: this.worker,
      outcome: finish.outcome,
      detail: finish.detail ?? null,
      retry_at: finish.retryAt?.toISOString() ?? null,
      request_id: finish.requestId ?? null,
    });
    const fields = {
      uploadId: upload.id,
      leadId: upload.leadId,
      platform: upload.platform,
      stage: upload.stage,
      attempts: upload.attempts,
      ...(finish.detail && { reason: finish.detail }),
    };
    if (recorded !== true)
      return log.warn(
        "outbox.retry",
        "An upload's claim ran out before its outcome was recorded: another round takes it",
        fields,
      );
    if (finish.outcome === "sent" || finish.outcome === "diagnosed")
      log.info(
        "outbox.sent",
        finish.outcome === "sent"
          ? `Conversion sent to ${upload.platform}`
          : `${upload.platform} processed the conversion`,
        fields,
      );
    else if (finish.outcome === "retry")
      log.warn("outbox.retry", `Conversion to ${upload.platform} not sent yet: ${finish.detail}`, fields);
    else if (finish.outcome === "refused")
      log.error("outbox.refused", `${upload.platform} refused the conversion: ${finish.detail}`, fields);
    else if (finish.outcome === "expired")
      log.warn("outbox.expired", `Conversion to ${upload.platform} expired: ${finish.detail}`, fields);
    else log.error("outbox.failed", `Conversion to ${upload.platform} failed for good: ${finish.detail}`, fields);
  }
}

const toNumberOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number.isFinite(Number(value)) ? Number(value) : null;
