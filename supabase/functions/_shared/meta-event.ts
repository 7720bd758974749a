// Builds a Meta Conversions API event from the site's lead payload. Pure and Web-Crypto-only, so the Edge
// Function (Deno) runs it and Vitest (Node) tests it. Normalisation follows Meta's customer-information rules:
// trim + lower-case email; phone digits only, with country code; country as ISO 3166-1 alpha-2, lower-case.

export type LeadPayload = {
  eventName: "Lead";
  eventId: string;
  userData: { email: string; phone: string; country: string };
  customData: { company: string; reason: string; volume: string };
};

export type ConversionsApiEvent = {
  event_name: "Lead";
  event_time: number;
  event_id: string;
  action_source: "website";
  event_source_url?: string;
  user_data: { em: string[]; ph: string[]; country?: string[] };
  custom_data: { company: string; reason: string; volume: string };
};

const COUNTRY_CODES: Record<string, string> = { usa: "us", argentina: "ar", brazil: "br", colombia: "co" };

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const normalisePhone = (phone: string) => phone.replace(/\D/g, "").replace(/^0+/, "");
export const normaliseCountry = (country: string): string | undefined => COUNTRY_CODES[country.trim().toLowerCase()];

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const isText = (v: unknown): v is string => typeof v === "string" && v.trim() !== "";

/** Checks an incoming body; returns the reason it is unusable, or null. */
export function invalidLeadPayload(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return "body must be a JSON object";
  const b = body as Partial<LeadPayload>;
  if (b.eventName !== "Lead") return "eventName must be Lead";
  if (!isText(b.eventId)) return "eventId is required";
  if (!b.userData || !isText(b.userData.email) || !isText(b.userData.phone) || !isText(b.userData.country)) return "userData needs email, phone and country";
  if (!b.customData || !isText(b.customData.company) || !isText(b.customData.reason) || !isText(b.customData.volume)) return "customData needs company, reason and volume";
  return null;
}

export async function buildLeadEvent(payload: LeadPayload, now: Date, eventSourceUrl?: string): Promise<ConversionsApiEvent> {
  const country = normaliseCountry(payload.userData.country);
  return {
    event_name: "Lead",
    event_time: Math.floor(now.getTime() / 1000),
    event_id: payload.eventId,
    action_source: "website",
    ...(eventSourceUrl ? { event_source_url: eventSourceUrl } : {}),
    user_data: {
      em: [await sha256Hex(normaliseEmail(payload.userData.email))],
      ph: [await sha256Hex(normalisePhone(payload.userData.phone))],
      ...(country ? { country: [await sha256Hex(country)] } : {}),
    },
    custom_data: { ...payload.customData },
  };
}
