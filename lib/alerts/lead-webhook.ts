import { SIGNATURE_HEADER, signatureHeader } from "#edge/signed-request";
import type { WebhookKey } from "../leads/lead-fields";
import type { Attempt } from "./retry";
import { whatsappLink, type AlertedLead } from "./sales-email";

/**
 * The JSON a CRM or chat tool receives for a new lead: the lead, its attribution and its id. `id` stays the same on
 * every retry, so a receiver that saw it already can ignore the repeat. Documented in docs/leads.md.
 */
export function leadWebhookBody(lead: AlertedLead, receivedAt: Date) {
  return {
    type: "lead.created",
    id: lead.id,
    createdAt: receivedAt.toISOString(),
    lead: {
      id: lead.id,
      market: lead.market,
      // The campaign page's slug (the page is /<market>/<page>), null for the market's own page.
      page: lead.page ?? null,
      company: lead.company,
      contactName: lead.contact,
      email: lead.email,
      phone: {
        e164: lead.phoneE164,
        countryCode: lead.phonePrefix,
        national: lead.phone,
        tel: `tel:${lead.phoneE164}`,
        whatsapp: whatsappLink(lead.phoneE164),
      },
      destinationCountry: lead.country,
      reason: lead.reason,
      volume: lead.volume,
      trackingConsent: lead.consent,
      privacyNoticeVersion: lead.noticeVersion,
      variant: lead.variant ?? null,
      device: lead.device ?? null,
      // What the lead was told: the reference they quote and the time we promised to call by.
      reference: lead.followUp?.reference ?? null,
      promisedContactBy: lead.followUp?.contactBy ?? null,
      arrivedOutOfHours: lead.followUp?.outOfHours ?? null,
      // Every field the declaration sends (lib/leads/lead-fields.ts) under its key, and nothing else of the lead.
    } satisfies Record<WebhookKey | "reference" | "promisedContactBy" | "arrivedOutOfHours", unknown>,
    attribution: { first: lead.attribution.first ?? null, last: lead.attribution.last ?? null },
  };
}

/**
 * POSTs the lead to the webhook, signed like the site's other calls (X-Signature: t=<unix ms>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">), freshly at each attempt so a retry is never stale. A 2xx within `timeoutMs` is delivered; a network
 * failure, a timeout, 408, 429 or a 5xx is worth another try; any other answer (a redirect included: the body
 * carries a person's details, so it goes only where it was configured to) is the receiver's configuration, not
 * retried.
 */
export function postLeadWebhook(
  url: string,
  secret: string,
  lead: AlertedLead,
  receivedAt: Date,
  timeoutMs: number,
): Promise<Attempt> {
  return postSignedJson(url, secret, leadWebhookBody(lead, receivedAt), timeoutMs);
}

/** One signed POST of `payload` to the webhook (the lead's, or a summary's), as `postLeadWebhook` describes. */
export async function postSignedJson(
  url: string,
  secret: string,
  payload: unknown,
  timeoutMs: number,
): Promise<Attempt> {
  const body = JSON.stringify(payload);
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "puente-pagos-lead-webhook/1",
        [SIGNATURE_HEADER]: await signatureHeader(secret, body),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
  } catch (error) {
    const name = error instanceof Error ? error.name : "error";
    const code = (error as { cause?: { code?: string } }).cause?.code;
    return {
      ok: false,
      retry: true,
      reason:
        name === "TimeoutError" ? `webhook: no answer within ${timeoutMs} ms` : `webhook unreachable (${code ?? name})`,
    };
  }
  if (response.ok) return { ok: true };
  const retry = response.status >= 500 || response.status === 408 || response.status === 429;
  return { ok: false, retry, reason: `webhook answered ${response.status}` };
}
