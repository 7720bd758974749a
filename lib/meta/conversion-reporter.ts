import "server-only";
import { leadsBackend } from "../env/env";
import { serverEnv } from "../env/server-env";
import { log } from "../logging/logger";
import { supabaseServerClient } from "../supabase/server-client";
import { markActiveSpanFailed } from "../telemetry/spans";
import type { Lead } from "../contact/leads-store-contract";
import { CONVERSION_CALL_TIMEOUT_MS } from "#edge/deadlines";
import { allowsTracking } from "#edge/consent-state";
import { leadDigest, type ConversionRequest } from "#edge/meta-event";
import { CONVERSION_SIGNATURE_PURPOSE, SIGNATURE_HEADER, signatureHeader } from "#edge/signed-request";
import type { MetaBrowserIds } from "./browser-ids";

/** What the visit that sent the lead tells Meta (see ConversionRequest). */
export type LeadVisit = MetaBrowserIds & { pageUrl: string; userAgent: string | null; ip: string | null };

/**
 * The body of the `meta-conversion` function: the keys of docs/requirements.md#storing-and-reporting and meanings, the
 * visit's context, and what the site vouches for: whether this request passed every check (`held`) and the details it
 * stored (`leadDigest`).
 */
export async function leadConversion(lead: Lead, visit: LeadVisit & { userAgent: string }): Promise<ConversionRequest> {
  return {
    eventName: "Lead",
    eventId: lead.id,
    userData: { email: lead.email, phone: lead.phoneE164, country: lead.country },
    customData: { company: lead.company, reason: lead.reason, volume: lead.volume },
    market: lead.market,
    consent: lead.consent,
    held: lead.held ?? null,
    leadDigest: await leadDigest({
      id: lead.id,
      company: lead.company,
      contact_name: lead.contact,
      email: lead.email,
      phone_e164: lead.phoneE164,
      country: lead.country,
      reason: lead.reason,
      volume: lead.volume,
      market: lead.market,
    }),
    eventSourceUrl: visit.pageUrl,
    clientUserAgent: visit.userAgent,
    ...(visit.ip ? { clientIpAddress: visit.ip } : {}),
    ...(visit.fbp ? { fbp: visit.fbp } : {}),
    ...(visit.fbc ? { fbc: visit.fbc } : {}),
  };
}

/**
 * What the local sink logs about a conversion: what an operator checks (which lead, market and page, the consent,
 * and which of Meta's fields would travel — none without consent), never the person's details, the company or the
 * page's query string (campaign and click ids).
 */
export function localSinkFields(payload: ConversionRequest) {
  const page = URL.canParse(payload.eventSourceUrl) ? new URL(payload.eventSourceUrl) : undefined;
  const { clientUserAgent, clientIpAddress, fbp, fbc } = payload;
  const wouldSend = allowsTracking(payload.consent)
    ? Object.entries({ ...payload.userData, name: true, clientUserAgent, clientIpAddress, fbp, fbc }).flatMap(
        ([field, value]) => (value ? [field] : []),
      )
    : [];
  return {
    eventName: payload.eventName,
    page: page ? `${page.origin}${page.pathname}` : null,
    consent: payload.consent,
    wouldSend,
  };
}

/**
 * Reports a stored lead. Supabase mode invokes the `meta-conversion` Edge Function with a signed body; embedded mode
 * logs a redacted line to a local sink. A failure is logged only: the visitor already has their answer
 * (docs/requirements.md#errors).
 */
export async function reportLeadConversion(lead: Lead, visit: LeadVisit): Promise<void> {
  // Meta requires the browser's user agent for a website event: a lead posted by a client that sends none
  // (a script, not a visitor's browser) is stored but not reported.
  if (!visit.userAgent) return log.info("conversion.skipped", "Conversion not reported: the request had no user agent");
  const payload = await leadConversion(lead, { ...visit, userAgent: visit.userAgent });
  try {
    const env = serverEnv();
    if (leadsBackend(env) === "embedded") {
      // The function would withhold a held lead (its row says why): so does the local sink.
      if (lead.held)
        return log.info("conversion.withheld", "Conversion withheld: the lead is held", {
          sink: "local",
          reason: "held",
          held: lead.held,
        });
      // The local sink: what the function would get, redacted to what an operator needs (no values about the person).
      return log.info("conversion.sent", "Conversion logged locally (embedded mode sends nothing to Meta)", {
        sink: "local",
        ...localSinkFields(payload),
      });
    }
    if (!env.CONVERSION_SIGNING_SECRET)
      throw new Error("CONVERSION_SIGNING_SECRET is not set, and the function refuses unsigned calls");
    // The signature covers these exact bytes, so the body is sent as this string.
    const body = JSON.stringify(payload);
    const { error } = await supabaseServerClient(env.SUPABASE_URL!, env.SUPABASE_ANON_KEY!).functions.invoke(
      "meta-conversion",
      {
        method: "POST",
        body,
        headers: {
          "content-type": "application/json",
          [SIGNATURE_HEADER]: await signatureHeader(
            env.CONVERSION_SIGNING_SECRET,
            body,
            Date.now(),
            CONVERSION_SIGNATURE_PURPOSE,
          ),
        },
        // Longer than the function's own deadlines toward the database and Meta, so a slow Meta is reported as
        // the function's failure, never as a false timeout here.
        timeout: CONVERSION_CALL_TIMEOUT_MS,
      },
    );
    // 409: an earlier attempt of this submission already reported it (the route reports duplicates too), or the
    // function already received this very call.
    if (error && (error as { context?: Response }).context?.status === 409)
      return log.info("conversion.sent", "Conversion already reported by an earlier attempt", {
        sink: "supabase",
        duplicate: true,
      });
    if (error) throw error;
    log.info(
      "conversion.sent",
      allowsTracking(payload.consent)
        ? "Conversion reported"
        : "Conversion call made; the function sends Meta nothing without consent",
      { sink: "supabase", consent: payload.consent },
    );
  } catch (error) {
    markActiveSpanFailed(error instanceof Error ? error.message : String(error));
    log.error("conversion.failed", "Conversion not reported", {
      err: error,
      status: (error as { context?: Response }).context?.status,
    });
  }
}
