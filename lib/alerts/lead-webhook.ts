import type { Lead } from "../contact/submissions-store-contract";
import { SIGNATURE_HEADER, signatureHeader } from "../../supabase/functions/_shared/signed-request";
import type { Attempt } from "./retry";

/** One webhook call's deadline: a receiver slower than this is retried. */
export const WEBHOOK_TIMEOUT_MS = 5_000;

/**
 * The JSON a CRM or chat tool receives for a new lead: the lead, its attribution and its id. `id` stays the same on
 * every retry, so a receiver that saw it already can ignore the repeat.
 */
export function leadWebhookBody(lead: Lead, receivedAt: Date) {
  return {
    type: "lead.created",
    id: lead.id,
    createdAt: receivedAt.toISOString(),
    lead: {
      id: lead.id,
      market: lead.market,
      company: lead.company,
      contactName: lead.contact,
      email: lead.email,
      phone: { e164: lead.phoneE164, countryCode: lead.phonePrefix, national: lead.phone },
      destinationCountry: lead.country,
      reason: lead.reason,
      volume: lead.volume,
      trackingConsent: lead.consent,
      privacyNoticeVersion: lead.noticeVersion,
    },
    attribution: { first: lead.attribution.first ?? null, last: lead.attribution.last ?? null },
  };
}

/**
 * POSTs the lead to the webhook, signed like the site's other calls (X-Signature: t=<unix ms>,v1=<HMAC-SHA256 of
 * "<t>.<body>">), freshly at each attempt so a retry is never stale. A 2xx is delivered; a network failure, a
 * timeout, 408, 429 or a 5xx is worth another try; any other answer is the receiver's configuration and is not.
 */
export async function postLeadWebhook(url: string, secret: string, lead: Lead, receivedAt: Date): Promise<Attempt> {
  const body = JSON.stringify(leadWebhookBody(lead, receivedAt));
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "puente-pagos-lead-webhook/1", [SIGNATURE_HEADER]: await signatureHeader(secret, body) },
      body,
      redirect: "error",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : "error";
    return { ok: false, retry: true, reason: name === "TimeoutError" ? `no answer within ${WEBHOOK_TIMEOUT_MS} ms` : `unreachable (${name})` };
  }
  await response.body?.cancel();
  if (response.ok) return { ok: true };
  const retry = response.status >= 500 || response.status === 408 || response.status === 429;
  return { ok: false, retry, reason: `answered ${response.status}` };
}
