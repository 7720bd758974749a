import type { Attribution, Touch } from "../attribution/campaign-touch";
import { TOUCH_COLUMNS } from "../attribution/touch-columns";
import type { Lead } from "./leads-store-contract";
import type { LeadRow } from "./migrations";

/** A stored row as the service role reads it. */
type StoredRow = LeadRow & { created_at: string; held_reason: string | null };

export type ReleaseOutcome =
  { released: true; lead: Lead; receivedAt: Date } | { released: false; why: "missing" | "not_held" };

/** The lead as the row keeps it (its attribution rebuilt from the touch columns), for the alert. */
function leadOf(row: StoredRow): Lead {
  const attribution: Attribution = {};
  for (const column of TOUCH_COLUMNS) {
    const value = row[column];
    if (!value) continue;
    const [which, ...rest] = column.split("_") as ["first" | "last", ...string[]];
    const field = rest.join("_");
    const touch: Touch = (attribution[which] ??= {});
    (touch as Record<string, string>)[field === "touch_at" ? "at" : field] = value;
  }
  return {
    id: row.id,
    company: row.company,
    contact: row.contact_name,
    email: row.email,
    phonePrefix: row.phone_prefix as Lead["phonePrefix"],
    phone: row.phone,
    phoneE164: row.phone_e164,
    country: row.country as Lead["country"],
    reason: row.reason as Lead["reason"],
    volume: row.volume as Lead["volume"],
    market: row.market as Lead["market"],
    attribution,
    consent: row.tracking_consent ?? "unanswered",
    noticeVersion: row.privacy_notice_version ?? null,
    ...(row.page_slug ? { page: row.page_slug } : {}),
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
