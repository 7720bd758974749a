import "server-only";
import { leadsBackend } from "../env/env";
import { serverEnv } from "../env/server-env";
import { supabaseServerClient } from "../supabase/server-client";
import type { Lead } from "../contact/submissions-store";

/** The body the `meta-conversion` function takes (spec §7), plus the id Meta deduplicates on. */
export type LeadConversion = {
  eventName: "Lead";
  eventId: string;
  userData: { email: string; phone: string; country: string };
  customData: { company: string; reason: string; volume: string };
};

export function leadConversion(lead: Lead): LeadConversion {
  return {
    eventName: "Lead",
    eventId: lead.id,
    // Meta matches the international number: country code, then the number without its national trunk
    // zero(s) (an Argentine "011 …" is "54 11 …").
    userData: { email: lead.email, phone: `${lead.phonePrefix}${lead.phone.replace(/^0+/, "")}`, country: lead.country },
    customData: { company: lead.company, reason: lead.reason, volume: lead.volume },
  };
}

/**
 * Reports a stored lead. Supabase mode invokes the `meta-conversion` Edge Function; embedded mode logs the same
 * payload to a local sink. A failure is logged only: the visitor already has their answer (spec §8).
 */
export async function reportLeadConversion(lead: Lead): Promise<void> {
  const payload = leadConversion(lead);
  try {
    const env = serverEnv();
    if (leadsBackend(env) === "embedded") {
      // The local sink: the payload the function would get, with the visitor's contact details left out of logs.
      const redacted = { ...payload, userData: Object.fromEntries(Object.keys(payload.userData).map((k) => [k, "[redacted]"])) };
      console.info("[meta-conversion:local]", JSON.stringify(redacted));
      return;
    }
    const { error } = await supabaseServerClient(env.SUPABASE_URL!, env.SUPABASE_ANON_KEY!).functions.invoke("meta-conversion", {
      method: "POST",
      body: payload,
      timeout: env.SUPABASE_TIMEOUT_MS,
    });
    if (error) throw error;
  } catch (error) {
    console.error(`[meta-conversion] reporting lead ${payload.eventId} failed:`, error instanceof Error ? error.message : error);
  }
}
