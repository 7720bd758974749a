import type { ConsentState } from "#edge/consent-state";
import type { Market } from "../markets/markets";
import type { ConversionStage } from "../stages/stages";

/** The platforms a conversion goes to. */
export type Platform = "google" | "meta";

/** A claimed row of the outbox (claim_conversion_uploads), with what its upload needs of the lead. */
export type Upload = {
  id: number;
  leadId: string;
  platform: Platform;
  stage: ConversionStage;
  /** When the lead arrived (the Lead) or sales recorded the stage: the conversion's time. */
  eventTime: string;
  /** USD, from the market's value table; null: none. */
  value: number | null;
  /** `sent`: a Google upload whose diagnostics are due. */
  status: "pending" | "sent";
  attempts: number;
  requestId: string | null;
  lead: {
    email: string;
    phoneE164: string;
    market: Market;
    consent: ConsentState | null;
    held: boolean;
    gclid: string | null;
    gbraid: string | null;
    wbraid: string | null;
  };
};

/**
 * How one attempt ended, as a platform's sender tells it: sent (with Google's requestId, whose diagnostics come later),
 * diagnosed (Google processed it), refused for good (the platform's reason: never retried), expired (too old to be
 * taken), or worth another try (the reason, and when the platform asked us to come back).
 */
export type SendResult =
  | { outcome: "sent"; requestId?: string }
  | { outcome: "diagnosed" }
  | { outcome: "refused"; reason: string }
  | { outcome: "expired"; reason: string }
  | { outcome: "retry"; reason: string; retryAfterMs?: number; countsAsAttempt?: boolean };

export interface PlatformSender {
  /** Sends a pending upload once: the platform deduplicates a resend (Google on transactionId, Meta on event_id). */
  send(upload: Upload): Promise<SendResult>;
  /** Reads the diagnostics of a sent upload (Google's requestStatus:retrieve). */
  diagnose?(upload: Upload): Promise<SendResult>;
}
