import type { ConsentState } from "#edge/consent-state";
import { leadReference } from "../conversation/reference";
import type { PlatformSender, SendResult, Upload } from "../outbox/upload";
import type { ConversionStage } from "../stages/stages";
import { TokenRefusedError, type GoogleAccessToken } from "./access-token";
import { googleUserData } from "./user-data";

/**
 * Conversions to Google Ads through the Data Manager API (developers.google.com/data-manager/api): one event per
 * `POST /v1/events:ingest` to the stage's conversion action, then, once Google has processed it, its diagnostics from
 * `GET /v1/requestStatus:retrieve?requestId=…`. One event per request keeps each request's diagnostics about one
 * conversion. Fields as the API reference names them (IngestEventsRequest, Destination, Event, AdIdentifiers, UserData,
 * Consent, RequestStatusPerDestination, ErrorInfo).
 */
export type GoogleAdsSettings = {
  /** https://datamanager.googleapis.com, or a stand-in (GOOGLE_DATA_MANAGER_URL). */
  apiUrl: string;
  operatingAccount: string;
  loginAccount?: string;
  /** The conversion action id per stage. */
  conversionActions: Partial<Record<ConversionStage, string>>;
  token: GoogleAccessToken;
  /** Checks the payload without recording anything (events:ingest's validateOnly). */
  validateOnly?: boolean;
  timeoutMs?: number;
};

type ConsentStatus = "CONSENT_GRANTED" | "CONSENT_DENIED";

/**
 * The lead's recorded consent as Google's two signals. Only leads whose consent allows tracking are sent at all
 * (granted, or a market that does not ask): granted is both; in a market that does not ask, sending the data is
 * lawful without asking (adUserData granted) but nobody was asked about personalisation, which is left unspecified.
 */
export function googleConsent(consent: ConsentState): { adUserData: ConsentStatus; adPersonalization?: ConsentStatus } {
  if (consent === "granted") return { adUserData: "CONSENT_GRANTED", adPersonalization: "CONSENT_GRANTED" };
  if (consent === "not_asked") return { adUserData: "CONSENT_GRANTED" };
  return { adUserData: "CONSENT_DENIED", adPersonalization: "CONSENT_DENIED" };
}

/** The events:ingest body for one upload: one destination, one event. */
export function ingestRequest(upload: Upload, settings: Omit<GoogleAdsSettings, "token">) {
  const action = settings.conversionActions[upload.stage];
  const { lead } = upload;
  const adIdentifiers = lead.gclid
    ? { gclid: lead.gclid }
    : lead.gbraid
      ? { gbraid: lead.gbraid }
      : lead.wbraid
        ? { wbraid: lead.wbraid }
        : undefined;
  return {
    destinations: [
      {
        operatingAccount: { accountType: "GOOGLE_ADS", accountId: settings.operatingAccount },
        ...(settings.loginAccount && { loginAccount: { accountType: "GOOGLE_ADS", accountId: settings.loginAccount } }),
        productDestinationId: action,
      },
    ],
    events: [
      {
        // The reference the lead was told: the same on every retry, so Google counts the conversion once per action.
        transactionId: leadReference(upload.leadId),
        eventTimestamp: new Date(upload.eventTime).toISOString(),
        ...(adIdentifiers && { adIdentifiers }),
        userData: googleUserData(lead.email, lead.phoneE164),
        consent: googleConsent(lead.consent ?? "unanswered"),
        ...(upload.value !== null && { conversionValue: upload.value, currency: "USD" }),
      },
    ],
    encoding: "HEX",
    validateOnly: settings.validateOnly ?? false,
  };
}

/** Statuses the API answers that retrying may help with (gRPC codes over HTTP). */
const TRANSIENT_STATUS = new Set([408, 429, 500, 502, 503, 504]);

type GoogleError = { error?: { code?: number; status?: string; message?: string; details?: { reason?: string }[] } };

const describe = (status: number, body: GoogleError) => {
  const e = body.error ?? {};
  const reasons = (e.details ?? []).flatMap((d) => (typeof d.reason === "string" ? [d.reason] : []));
  return `Google answered ${status}${e.status ? ` ${e.status}` : ""}${reasons.length ? ` (${reasons.join(", ")})` : ""}: ${(e.message ?? "no message").slice(0, 300)}`;
};

const retryAfterMs = (response: Response) => {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
};

/** Processing errors that mean the conversion is already there: a resend after a crash. */
const ALREADY_THERE = new Set([
  "PROCESSING_ERROR_REASON_DUPLICATE_TRANSACTION_ID",
  "PROCESSING_ERROR_REASON_DUPLICATE_GCLID",
]);
/** Diagnostics still missing a day after the upload are not waited for any longer. */
const DIAGNOSTICS_PATIENCE_MS = 24 * 3_600_000;

export class GoogleAdsSender implements PlatformSender {
  private readonly settings: GoogleAdsSettings;

  constructor(settings: GoogleAdsSettings) {
    this.settings = settings;
  }

  private async call(path: string, init: { method: string; body?: unknown }): Promise<Response> {
    const token = await this.settings.token.get();
    return fetch(`${this.settings.apiUrl}${path}`, {
      method: init.method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: "application/json",
        ...(init.body !== undefined && { "content-type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(this.settings.timeoutMs ?? 15_000),
    });
  }

  async send(upload: Upload): Promise<SendResult> {
    if (!this.settings.conversionActions[upload.stage])
      return {
        outcome: "refused",
        reason: `no conversion action for ${upload.stage} in GOOGLE_ADS_CONVERSION_ACTIONS`,
      };
    let response: Response;
    try {
      response = await this.call("/v1/events:ingest", { method: "POST", body: ingestRequest(upload, this.settings) });
    } catch (error) {
      return this.failure(error);
    }
    const body = (await response.json().catch(() => ({}))) as GoogleError & { requestId?: unknown };
    if (response.ok)
      return {
        outcome: "sent",
        ...(typeof body.requestId === "string" && { requestId: body.requestId.slice(0, 200) }),
      };
    return this.refusal(response, body);
  }

  async diagnose(upload: Upload): Promise<SendResult> {
    if (!upload.requestId) return { outcome: "diagnosed" };
    let response: Response;
    try {
      response = await this.call(`/v1/requestStatus:retrieve?requestId=${encodeURIComponent(upload.requestId)}`, {
        method: "GET",
      });
    } catch (error) {
      return { ...this.failure(error), countsAsAttempt: false } as SendResult;
    }
    const body = (await response.json().catch(() => ({}))) as GoogleError & {
      requestStatusPerDestination?: {
        requestStatus?: string;
        errorInfo?: { errorCounts?: { reason?: string; recordCount?: string | number }[] };
      }[];
    };
    if (!response.ok) {
      const refused = this.refusal(response, body);
      return refused.outcome === "retry" ? { ...refused, countsAsAttempt: false } : refused;
    }
    const status = body.requestStatusPerDestination?.[0];
    if (status?.requestStatus === "SUCCESS") return { outcome: "diagnosed" };
    if (status?.requestStatus === "FAILED" || status?.requestStatus === "PARTIAL_SUCCESS") {
      const reasons = (status.errorInfo?.errorCounts ?? []).flatMap((c) => (c.reason ? [c.reason] : []));
      if (reasons.length > 0 && reasons.every((reason) => ALREADY_THERE.has(reason))) return { outcome: "diagnosed" };
      return {
        outcome: "refused",
        reason: `Google could not process it: ${reasons.join(", ") || status.requestStatus}`,
      };
    }
    // PROCESSING or unknown: asked again later, until a day has passed.
    if (Date.now() - Date.parse(upload.eventTime) > DIAGNOSTICS_PATIENCE_MS) return { outcome: "diagnosed" };
    return {
      outcome: "retry",
      reason: `Google is still processing it (${status?.requestStatus ?? "no status"})`,
      countsAsAttempt: false,
    };
  }

  private failure(error: unknown): SendResult {
    if (error instanceof TokenRefusedError)
      return { outcome: "retry", reason: `${error.message}: check GOOGLE_ADS_CREDENTIALS` };
    const name = error instanceof Error ? error.name : "error";
    return {
      outcome: "retry",
      reason:
        name === "TimeoutError"
          ? "Google did not answer in time"
          : `Google unreachable (${error instanceof Error ? error.message : name})`,
    };
  }

  private refusal(response: Response, body: GoogleError): SendResult {
    const reason = describe(response.status, body);
    if (response.status === 401) {
      this.settings.token.invalidate();
      return { outcome: "retry", reason };
    }
    // A missing permission is the operator's to grant (the account link, the user's access): retried until they do.
    if (TRANSIENT_STATUS.has(response.status) || response.status === 403)
      return { outcome: "retry", reason, retryAfterMs: retryAfterMs(response) };
    // 400 (a bad click id, terms not accepted, an invalid field), 404 and the rest: this request will never pass.
    return { outcome: "refused", reason };
  }
}
