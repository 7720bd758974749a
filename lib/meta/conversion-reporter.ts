import "server-only";
import { leadsBackend } from "../env/env";
import { serverEnv } from "../env/server-env";
import { supabaseServerClient } from "../supabase/server-client";
import type { Lead } from "../contact/submissions-store-contract";
import { CONVERSION_CALL_TIMEOUT_MS } from "../../supabase/functions/_shared/deadlines";
import type { ConversionRequest } from "../../supabase/functions/_shared/meta-event";
import type { MetaBrowserIds } from "./browser-ids";

/** What the visit that sent the lead tells Meta (see ConversionRequest). */
export type LeadVisit = MetaBrowserIds & { pageUrl: string; userAgent: string | null; ip: string | null };

/** The body of the `meta-conversion` function: spec §7's keys and meanings, plus the visit's context. */
export function leadConversion(lead: Lead, visit: LeadVisit & { userAgent: string }): ConversionRequest {
  return {
    eventName: "Lead",
    eventId: lead.id,
    userData: { email: lead.email, phone: lead.phoneE164, country: lead.country },
    customData: { company: lead.company, reason: lead.reason, volume: lead.volume },
    market: lead.market,
    eventSourceUrl: visit.pageUrl,
    clientUserAgent: visit.userAgent,
    ...(visit.ip ? { clientIpAddress: visit.ip } : {}),
    ...(visit.fbp ? { fbp: visit.fbp } : {}),
    ...(visit.fbc ? { fbc: visit.fbc } : {}),
  };
}

/**
 * Reports a stored lead. Supabase mode invokes the `meta-conversion` Edge Function; embedded mode logs the same
 * payload to a local sink. A failure is logged only: the visitor already has their answer (spec §8).
 */
export async function reportLeadConversion(lead: Lead, visit: LeadVisit): Promise<void> {
  // Meta requires the browser's user agent for a website event: a lead posted by a client that sends none
  // (a script, not a visitor's browser) is stored but not reported.
  if (!visit.userAgent) return console.info(`[meta-conversion] lead ${lead.id} not reported: the request had no user agent`);
  const payload = leadConversion(lead, { ...visit, userAgent: visit.userAgent });
  try {
    const env = serverEnv();
    if (leadsBackend(env) === "embedded") {
      // The local sink: the payload the function would get, with the visitor's contact details left out of logs.
      const redacted = { ...payload, userData: Object.fromEntries(Object.keys(payload.userData).map((k) => [k, "[redacted]"])), clientIpAddress: payload.clientIpAddress && "[redacted]" };
      console.info("[meta-conversion:local]", JSON.stringify(redacted));
      return;
    }
    const { error } = await supabaseServerClient(env.SUPABASE_URL!, env.SUPABASE_ANON_KEY!).functions.invoke("meta-conversion", {
      method: "POST",
      body: payload,
      // Longer than the function's own deadlines toward the database and Meta, so a slow Meta is reported as
      // the function's failure, never as a false timeout here.
      timeout: CONVERSION_CALL_TIMEOUT_MS,
    });
    // 409: an earlier attempt of this submission already reported it (the route reports duplicates too).
    if (error && (error as { context?: Response }).context?.status === 409) return;
    if (error) throw error;
  } catch (error) {
    console.error(`[meta-conversion] reporting lead ${payload.eventId} failed:`, error instanceof Error ? error.message : error);
  }
}
