// The conversion contract between the site and the meta-conversion function, and the Meta Conversions API
// event built from it. Pure and Web-API-only, so the Edge Function (Deno) runs it and Vitest (Node) tests it.
// Normalisation follows Meta's customer-information parameters: email trimmed and lower-cased; phone as the
// digits of its E.164 form (country code, no `+`, no trunk prefix); country as ISO 3166-1 alpha-2, lower-case; first
// and last name lower-case without punctuation, accents kept (UTF-8; see nameParts); external_id the hashed email (Meta
// documents no normalisation of its own for it, and recommends hashing it); each SHA-256 hex.
// client_ip_address, client_user_agent, fbp and fbc are sent unhashed, as Meta asks. Nothing is sent at all unless
// the visitor's consent allows it (see consent-state.ts).
import { allowsTracking, isConsentState, type ConsentState } from "./consent-state.ts";
import { isMarket, MARKET_BY_CODE, type Language, type Market } from "./markets.ts";

/**
 * What the site sends (the body of docs/requirements.md#storing-and-reporting plus the context Meta needs for a website
 * event). `userData` and `customData` keep the spec's keys and meanings (`userData.country` is the destination of the
 * payments); the function reads the person's details from the stored lead, never from this body.
 */
export type ConversionRequest = {
  eventName: "Lead";
  /** The submission id: the stored lead's id and the browser pixel's eventID. */
  eventId: string;
  userData: { email: string; phone: string; country: string };
  customData: { company: string; reason: string; volume: string };
  market: string;
  /** The visitor's tracking consent for the market when they sent the lead: Meta gets nothing unless it allows. */
  consent: ConsentState;
  /**
   * What the site vouches for, in the signed call and never in a column the project's key can write: null when the
   * request that sent this lead passed every check of the form (its Origin, a valid unspent proof, the limits, the
   * ceiling), else why not (the held reason). Meta gets nothing unless it is null.
   */
  held: string | null;
  /** The lead the site accepted in that request: `leadDigest` of its stored details. */
  leadDigest: string;
  eventSourceUrl: string;
  clientUserAgent: string;
  clientIpAddress?: string;
  fbp?: string;
  fbc?: string;
};

/** The columns of contact_submissions the function reads (with the service role). */
export type StoredLead = {
  id: string;
  created_at: string;
  company: string;
  email: string;
  phone_e164: string;
  contact_name: string;
  market: string;
  country: string;
  reason: string;
  volume: string;
  /** Null for leads stored before consent was recorded: treated as no consent. */
  tracking_consent: ConsentState | null;
  /** Why the site held the lead (no valid proof of work, or above the global ceiling): Meta then gets nothing. */
  held_reason: string | null;
};
export const STORED_LEAD_COLUMNS =
  "id,created_at,company,email,phone_e164,contact_name,market,country,reason,volume,tracking_consent,held_reason";

/** The stored details a conversion is built from: what the site's call vouches for. */
export type VouchedDetails = Pick<
  StoredLead,
  "id" | "company" | "contact_name" | "email" | "phone_e164" | "country" | "reason" | "volume" | "market"
>;

/**
 * The SHA-256 (hex) of the JSON array of a lead's details in a fixed order: the site sends it for the lead it stored,
 * the function recomputes it from the row it reads. A row written with the project's key directly (other details
 * under an id the site later saw again) then differs, and is not reported. It carries no value Meta does not get
 * hashed anyway.
 */
export function leadDigest(lead: VouchedDetails): Promise<string> {
  const { id, company, contact_name, email, phone_e164, country, reason, volume, market } = lead;
  return sha256Hex(JSON.stringify([id, company, contact_name, email, phone_e164, country, reason, volume, market]));
}

/** What the browser's visit contributes to the event, once checked. */
export type VisitContext = {
  eventSourceUrl: string;
  clientUserAgent: string;
  clientIpAddress?: string;
  fbp?: string;
  fbc?: string;
};

export type ConversionsApiEvent = {
  event_name: "Lead";
  event_time: number;
  event_id: string;
  action_source: "website";
  event_source_url: string;
  user_data: {
    em: string[];
    ph: string[];
    fn?: string[];
    ln?: string[];
    external_id: string[];
    country: string[];
    client_user_agent: string;
    client_ip_address?: string;
    fbp?: string;
    fbc?: string;
  };
  custom_data: { destination_country: string; reason: string; volume: string };
};

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const FB_ID = /^fb\.[0-2]\.\d{10,13}\.[A-Za-z0-9_.-]{1,500}$/;
const IP = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:.]*:[0-9a-f:.]*)$/i;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
/** E.164 → the digits Meta hashes: "+5491112345678" → "5491112345678". */
export const normalisePhone = (e164: string) => e164.replace(/\D/g, "");

/** Words that belong to the surname after them ("de la Fuente", "da Silva", "van der Berg"). */
const SURNAME_PARTICLES = new Set([
  "de",
  "del",
  "la",
  "las",
  "los",
  "da",
  "das",
  "do",
  "dos",
  "di",
  "du",
  "van",
  "von",
  "der",
  "den",
]);
/** Courtesy and professional titles business contacts put before their name ("Lic. Juan Pérez"): not a name. */
const TITLES = new Set([
  "sr",
  "sra",
  "srta",
  "dr",
  "dra",
  "lic",
  "licda",
  "ing",
  "arq",
  "cp",
  "mtro",
  "mtra",
  "prof",
  "profa",
  "eng",
]);

/** Generational suffixes after a surname ("Jr.", Brazil's "Filho", "Neto"): not the surname Meta matches on. */
const SUFFIXES = new Set(["jr", "sr", "junior", "júnior", "filho", "neto", "sobrinho", "ii", "iii", "iv"]);
/** "y" / "e" between two surnames joins them: "Ortega y Gasset", "Souza e Silva". */
const CONNECTORS = new Set(["y", "e"]);

/**
 * Which of two surnames people go by, by the naming custom of the market's language: in Spanish the first (the
 * father's), in Portuguese the last.
 */
const SURNAME_GONE_BY: Record<Language, "first" | "last"> = { es: "first", pt: "last" };

/**
 * First and last name from the one name the form asks for, normalised as Meta's customer information parameters ask:
 * lower case, no punctuation ("O'Brien" → "obrien", "García-López" → "garcíalópez"), spaces removed, accented letters
 * kept and sent as UTF-8 (Meta recommends a-z but takes UTF-8; stripping accents would turn "Núñez" into another
 * name), composed (NFC) so that a name typed with combining accents hashes like the same name typed with precomposed
 * ones. Digits and symbols are no part of a name and go too; so does a note in parentheses ("(compras)"), and a
 * "word" with no letter left, such as the variation selector an emoji leaves behind.
 *
 * Which words are which, from one field: the first word is the first name; a leading title ("Lic.", "Ing.", "Dr.") is
 * skipped, and so is a trailing generational suffix ("Jr.", "Filho"). The last name is a surname with its particles
 * ("María José de la Fuente" → maría / delafuente; "João da Silva" → joão / dasilva). Which of two surnames is the
 * one people go by follows the market's language (SURNAME_GONE_BY): the first (paternal) in Spanish, the last in
 * Portuguese: "María José García López" on /mx → garcía, "Ana Paula Souza Lima" on /br → lima; "y" or "e" between two words marks them as the two surnames ("José Ortega y Gasset"
 * → ortega on /mx; "Maria Souza e Silva" → silva on /br). Three words are ambiguous in Spanish without a list of given
 * names ("Juan Carlos Pérez" or "Juan Pérez García"): `ln` is the last word and `otherLn` the middle one, and Meta
 * gets both, as `ln` takes several values. A single word is a first name only. A wrong guess only means Meta does not
 * match on that value.
 */
export function nameParts(contactName: string, market: Market): { fn?: string; ln?: string; otherLn?: string } {
  const words = contactName
    .normalize("NFC")
    .toLowerCase()
    .replace(/[([][^)\]]*[)\]]?/gu, " ")
    .split(/\s+/u)
    .map((word) => word.replace(/[^\p{L}\p{M}]/gu, ""))
    .filter((word) => /\p{L}/u.test(word));
  while (words.length > 1 && TITLES.has(words[0]!)) words.shift();
  while (words.length > 2 && SUFFIXES.has(words.at(-1)!)) words.pop();
  const [first, ...rest] = words;
  if (!first) return {};
  // Each surname with the particles before it: ["de", "la", "fuente"] → ["delafuente"]; `joined` is the index of
  // the surname a connector follows.
  const units: string[] = [];
  let particles = "";
  let joined: number | undefined;
  rest.forEach((word, i) => {
    if (CONNECTORS.has(word) && units.length > 0 && i < rest.length - 1 && !particles) {
      joined = units.length - 1;
    } else if (SURNAME_PARTICLES.has(word)) {
      particles += word;
    } else {
      units.push(particles + word);
      particles = "";
    }
  });
  if (units.length === 0) return { fn: first };
  const firstOfTwo = SURNAME_GONE_BY[MARKET_BY_CODE[market].language] === "first";
  if (joined !== undefined) return { fn: first, ln: firstOfTwo ? units[joined]! : units.at(-1)! };
  if (units.length >= 3 && firstOfTwo) return { fn: first, ln: units.at(-2)! };
  if (units.length === 2 && firstOfTwo && rest.length === 2) return { fn: first, ln: units[1]!, otherLn: units[0]! };
  return { fn: first, ln: units.at(-1)! };
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const text = (value: unknown, max: number): value is string =>
  typeof value === "string" && value.trim() !== "" && value.length <= max;

/**
 * Reads the site's body: the lead's id and the visit's context, or why the body is unusable. Identifiers in
 * the wrong shape are dropped rather than refused: a lead is still worth reporting without them.
 */
export function readConversionRequest(
  body: unknown,
):
  | { eventId: string; consent: ConsentState; held: string | null; leadDigest: string | null; context: VisitContext }
  | { error: string } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { error: "body must be a JSON object" };
  const b = body as Partial<Record<keyof ConversionRequest, unknown>>;
  if (b.eventName !== "Lead") return { error: "eventName must be Lead" };
  if (typeof b.eventId !== "string" || !UUID_V4.test(b.eventId)) return { error: "eventId must be a UUID v4" };
  if (!text(b.eventSourceUrl, 2048) || !/^https?:\/\//.test(b.eventSourceUrl) || !URL.canParse(b.eventSourceUrl))
    return { error: "eventSourceUrl must be an http(s) URL" };
  if (!text(b.clientUserAgent, 1024)) return { error: "clientUserAgent is required" };
  const context: VisitContext = { eventSourceUrl: b.eventSourceUrl, clientUserAgent: b.clientUserAgent };
  if (text(b.clientIpAddress, 45) && IP.test(b.clientIpAddress)) context.clientIpAddress = b.clientIpAddress;
  if (text(b.fbp, 600) && FB_ID.test(b.fbp)) context.fbp = b.fbp;
  if (text(b.fbc, 600) && FB_ID.test(b.fbc)) context.fbc = b.fbc;
  // A caller that does not say is treated as having no consent, and as not vouching for the lead.
  const consent = isConsentState(b.consent) ? b.consent : "unanswered";
  const held = b.held === null ? null : typeof b.held === "string" && /^[a-z_]{1,32}$/.test(b.held) ? b.held : "unsaid";
  const leadDigest = typeof b.leadDigest === "string" && /^[0-9a-f]{64}$/.test(b.leadDigest) ? b.leadDigest : null;
  return { eventId: b.eventId.toLowerCase(), consent, held, leadDigest, context };
}

/** Whether Meta may receive this lead: both the call and the stored record must allow it. */
export const mayReport = (lead: StoredLead, consent: ConsentState) =>
  lead.tracking_consent !== null && allowsTracking(lead.tracking_consent) && allowsTracking(consent);

/** A stored lead of a market this code declares (the table can hold a market added after the function was deployed). */
export type DeclaredMarketLead = StoredLead & { market: Market };
export const ofDeclaredMarket = (lead: StoredLead): lead is DeclaredMarketLead => isMarket(lead.market);

/**
 * The event Meta receives: who the person is comes from the stored lead (the visitor's market's country is theirs;
 * the payments' destination goes to custom_data under its own name); the visit's context from the checked body.
 * custom_data is built here key by key: nothing else reaches Meta.
 */
export async function buildLeadEvent(lead: DeclaredMarketLead, context: VisitContext): Promise<ConversionsApiEvent> {
  const email = await sha256Hex(normaliseEmail(lead.email));
  const { fn, ln, otherLn } = nameParts(lead.contact_name, lead.market);
  return {
    event_name: "Lead",
    event_time: Math.floor(new Date(lead.created_at).getTime() / 1000),
    event_id: lead.id,
    action_source: "website",
    event_source_url: context.eventSourceUrl,
    user_data: {
      em: [email],
      ph: [await sha256Hex(normalisePhone(lead.phone_e164))],
      ...(fn ? { fn: [await sha256Hex(fn)] } : {}),
      ...(ln ? { ln: await Promise.all([ln, ...(otherLn ? [otherLn] : [])].map(sha256Hex)) } : {}),
      external_id: [email],
      country: [await sha256Hex(MARKET_BY_CODE[lead.market].country.toLowerCase())],
      client_user_agent: context.clientUserAgent,
      ...(context.clientIpAddress ? { client_ip_address: context.clientIpAddress } : {}),
      ...(context.fbp ? { fbp: context.fbp } : {}),
      ...(context.fbc ? { fbc: context.fbc } : {}),
    },
    custom_data: { destination_country: lead.country, reason: lead.reason, volume: lead.volume },
  };
}
