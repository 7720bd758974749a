import { after } from "next/server";
import { handleContact } from "@/lib/contact/handle-contact";
import { getRateLimiter } from "@/lib/contact/rate-limiter";
import { getSubmissionsStore } from "@/lib/contact/submissions-store";
import { askConsentFor, trackingConsented } from "@/lib/consent/tracking-consent";
import { ownHostHeader } from "@/lib/env/env";
import { serverEnv } from "@/lib/env/server-env";
import { reportLeadConversion } from "@/lib/meta/conversion-reporter";

export const runtime = "nodejs";

export function POST(request: Request): Promise<Response> {
  return handleContact(request, {
    store: getSubmissionsStore,
    limiter: getRateLimiter(),
    // The conversion is reported after the response is sent, so it never delays the visitor.
    report: (lead, visit) => after(() => reportLeadConversion(lead, visit)),
    mayTrack: async (market, cookieHeader) => trackingConsented(cookieHeader, await askConsentFor(market)),
    siteUrl: serverEnv().NEXT_PUBLIC_SITE_URL,
    hostHeader: ownHostHeader(serverEnv()),
  });
}
