import { after } from "next/server";
import { handleContact } from "@/lib/contact/handle-contact";
import { getRateLimiter } from "@/lib/contact/rate-limiter";
import { getLeadsStore } from "@/lib/contact/leads-store";
import { alertSales } from "@/lib/alerts/sales-alerts";
import { recordHeldLead, sendDueSummaries } from "@/lib/alerts/intake-summary";
import { askConsentFor, consentState } from "@/lib/consent/tracking-consent";
import { confirmLead, leadFollowUp, submissionContent } from "@/lib/conversation/confirm-lead";
import { ownHostHeader } from "@/lib/env/env";
import { getRunningExperiments } from "@/lib/experiments/experiment-source";
import { exposedVariant } from "@/lib/experiments/exposure";
import { serverEnv } from "@/lib/env/server-env";
import { reportLeadConversion } from "@/lib/meta/conversion-reporter";
import { queueLeadConversion } from "@/lib/outbox/queue-lead-conversion";
import { checkContactProof, contactLimiters } from "@/lib/proof-of-work/contact-proof";
import { observedRequest } from "@/lib/telemetry/observed-request";
import { inSpan } from "@/lib/telemetry/spans";

export const runtime = "nodejs";

export function POST(request: Request): Promise<Response> {
  // Any submission sends the summaries of the intervals that have ended (no timer needed on any instance).
  after(() => sendDueSummaries());
  const content = submissionContent();
  return observedRequest(request, "contact.submit", () =>
    handleContact(request, {
      store: getLeadsStore,
      limiter: getRateLimiter(),
      limiters: contactLimiters(),
      proof: checkContactProof,
      // The conversion is reported after the response is sent, so it never delays the visitor; `after()` keeps the
      // request's context, so its log lines and span belong to this submission.
      // Google's Lead conversion is queued in the leads store's outbox, after the answer too.
      report: (lead, visit) => {
        after(() => inSpan("conversion.report", {}, () => reportLeadConversion(lead, visit)));
        after(() => queueLeadConversion(lead));
      },
      // Sales hears of the lead the same way, in its own span, with the time it arrived.
      alert: (lead, followUp) => {
        const receivedAt = new Date();
        after(() => alertSales({ ...lead, followUp }, receivedAt));
      },
      hold: (lead) => {
        const receivedAt = new Date();
        after(() => recordHeldLead(lead, receivedAt));
      },
      followUp: (lead) => leadFollowUp(lead, content),
      // The lead's own email, in its own span, after the response like the alert.
      confirm: (lead, followUp, client) =>
        after(() => inSpan("lead_email.confirm", {}, () => confirmLead(lead, followUp, content, client))),
      consent: async (market, cookieHeader, noticeVersion) =>
        consentState(cookieHeader, market, noticeVersion, await askConsentFor(market)),
      variant: async (page, cookieHeader) =>
        cookieHeader ? exposedVariant(page, cookieHeader, await getRunningExperiments()) : "",
      siteUrl: serverEnv().NEXT_PUBLIC_SITE_URL,
      hostHeader: ownHostHeader(serverEnv()),
    }),
  );
}
