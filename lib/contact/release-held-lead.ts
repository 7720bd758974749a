import { attributionOf } from "../attribution/touch-columns";
import { LEAD_FIELD_NAMES, LEAD_FIELDS } from "../leads/lead-fields";
import type { Lead } from "./leads-store-contract";
import type { LeadRow } from "./migrations";

/** A stored row as the service role reads it. */
type StoredRow = LeadRow & { created_at: string; held_reason: string | null };

export type ReleaseOutcome =
  { released: true; lead: Lead; receivedAt: Date } | { released: false; why: "missing" | "not_held" };

/** The lead as the row keeps it (the inverse of toRow), for the alert: a released lead is held no more. */
function leadOf(row: StoredRow): Lead {
  const fields: Record<string, unknown> = {};
  for (const name of LEAD_FIELD_NAMES) {
    const value = (row as Record<string, unknown>)[LEAD_FIELDS[name].column];
    if (value !== null && value !== undefined && name !== "held") fields[name] = value;
  }
  return {
    ...(fields as Omit<Lead, "attribution" | "consent" | "noticeVersion">),
    attribution: attributionOf(row),
    consent: row.tracking_consent ?? "unanswered",
    noticeVersion: row.privacy_notice_version ?? null,
  };
}

/**
 * Releases a held lead with the service role (PostgREST): clears its held_reason (only if it is still the one read,
 * so two operators releasing at once release it once), records released_at, and returns the lead for its alert.
 * Its conversion stays withheld: see docs/leads.md.
 */
export async function releaseHeldLead(
  id: string,
  { supabaseUrl, serviceRoleKey }: { supabaseUrl: string; serviceRoleKey: string },
): Promise<ReleaseOutcome> {
  const call = async (query: string, init: { method: string; body?: unknown }) => {
    const response = await fetch(`${supabaseUrl}/rest/v1/contact_submissions?${query}`, {
      method: init.method,
      headers: {
        apikey: serviceRoleKey,
        authorization: `Bearer ${serviceRoleKey}`,
        accept: "application/json",
        "content-type": "application/json",
        prefer: "return=representation",
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    if (!response.ok) throw new Error(`Supabase answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as StoredRow[];
  };
  const [row] = await call(`id=eq.${encodeURIComponent(id)}`, { method: "GET" });
  if (!row) return { released: false, why: "missing" };
  if (!row.held_reason) return { released: false, why: "not_held" };
  const [released] = await call(`id=eq.${encodeURIComponent(id)}&held_reason=eq.${row.held_reason}`, {
    method: "PATCH",
    body: { held_reason: null, released_at: new Date().toISOString() },
  });
  if (!released) return { released: false, why: "not_held" };
  return { released: true, lead: leadOf(released), receivedAt: new Date(released.created_at) };
}
