import { INVISIBLE_RANGES, neutraliseFormula, REFUSED_RANGES } from "../leads/lead-text.ts";
import { TOUCH_MAX_AGE_DAYS } from "./touch-storage.ts";

export { TOUCH_MAX_AGE_DAYS };

/**
 * Campaign attribution: what a visit's URL and referrer say about where the visitor came from, in the shape the
 * browser keeps (first and last touch), the form sends, the route cleans and the database stores. Pure and
 * dependency-free: the page ships it, and the server runs the same rules on what arrives.
 *
 * Campaign parameters, the landing page and the external referrer are not identifiers and are always kept. Click
 * ids identify one ad click: they are kept and sent only where tracking is allowed (see lib/consent).
 */

export const UTM_PARAMS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
export const CLICK_ID_PARAMS = ["gclid", "gbraid", "wbraid", "fbclid", "msclkid"] as const;
export type UtmParam = (typeof UTM_PARAMS)[number];
export type ClickIdParam = (typeof CLICK_ID_PARAMS)[number];

/**
 * Longest kept value of each kind, in characters (code points, as PostgreSQL's char_length counts); longer values
 * are cut. Campaign names run to a few dozen characters; Google's and Meta's click ids to about 100–250. The
 * migration's CHECK constraints use the same numbers.
 */
export const TRACKING_LIMITS = { utm: 200, clickId: 300, url: 1024 } as const;

const DAY_MS = 86_400_000;

export type Touch = Partial<Record<UtmParam | ClickIdParam, string>> & {
  /** When the visit happened (ISO 8601). */
  at?: string;
  /** The page the visit landed on: its address and campaign parameters, nothing else of its query. */
  landing_url?: string;
  /** The page on another site that linked here: its address without query or fragment. */
  referrer?: string;
};

/** The first campaign visit within the window, and the latest one. */
export type Attribution = { first?: Touch; last?: Touch };

/**
 * The characters lead text refuses and the invisible ones it drops (lib/leads/lead-text.ts): here both are removed,
 * so that tracking input never costs a lead. The migration's CHECKs refuse both.
 */
const UNWANTED = new RegExp(`[${REFUSED_RANGES}${INVISIBLE_RANGES}]`, "gu");
/** A click id is opaque: URL-safe characters only (Google's and Meta's are base64url, Microsoft's hex). */
const CLICK_ID = /^[A-Za-z0-9._~-]+$/;
/** Longer text is not read at all: no kept value comes from further than this into it. */
const MAX_READ = 16 * 1024;

/**
 * A text value as it may be kept: unpaired surrogates (which no database stores) replaced, unwanted characters
 * removed, trimmed, behind an apostrophe when it starts like a formula (lib/leads/lead-text.ts: a spreadsheet or a
 * CRM then shows it as text), cut to `max` code points; undefined when nothing is left or it is not text. A click id
 * starting so is then no click id, and is dropped.
 */
export function cleanText(value: unknown, max: number): string | undefined {
  if (typeof value !== "string") return undefined;
  // toWellFormed is missing from browsers before 2023; the values a browser reads from a URL are well formed anyway.
  const read = value.length > MAX_READ ? value.slice(0, MAX_READ) : value;
  const wellFormed = typeof read.toWellFormed === "function" ? read.toWellFormed() : read;
  const chars = [...neutraliseFormula(wellFormed.replace(UNWANTED, "").trim())];
  const cut = (chars.length > max ? chars.slice(0, max).join("") : chars.join("")).trim();
  return cut === "" ? undefined : cut;
}

/** A click id: cut to the limit, dropped when it holds anything but URL-safe characters. */
export function cleanClickId(value: unknown): string | undefined {
  const text = cleanText(value, TRACKING_LIMITS.clickId);
  return text && CLICK_ID.test(text) ? text : undefined;
}

/** An absolute http(s) URL as given, or undefined. */
function httpUrl(value: unknown): URL | undefined {
  const text = cleanText(value, MAX_READ);
  if (!text || !URL.canParse(text)) return undefined;
  const url = new URL(text);
  return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
}

/** A URL cut to the limit; what is cut first is the query, which the touch's own fields repeat. */
function withinLimit(page: URL, query: URLSearchParams): string | undefined {
  const search = query.toString();
  const href = `${page.origin}${page.pathname}${search ? `?${search}` : ""}`;
  return cleanText(href.length <= TRACKING_LIMITS.url ? href : `${page.origin}${page.pathname}`, TRACKING_LIMITS.url);
}

/**
 * The landing page as kept: its origin and path, and its campaign parameters (cleaned as the touch's fields are).
 * Everything else in its query (a mailing tool's subscriber id, the click ids) and its fragment stay out: the
 * campaign parameters are the only part that is not possibly about the person.
 */
export function cleanLandingUrl(value: unknown): string | undefined {
  const page = httpUrl(value);
  if (!page) return undefined;
  const query = new URLSearchParams();
  for (const name of UTM_PARAMS) {
    const text = cleanText(page.searchParams.get(name) ?? undefined, TRACKING_LIMITS.utm);
    if (text) query.set(name, text);
  }
  return withinLimit(page, query);
}

/** The referring page as kept: its origin and path (what browsers send other sites by default anyway). */
export function cleanReferrer(value: unknown): string | undefined {
  const page = httpUrl(value);
  return page && withinLimit(page, new URLSearchParams());
}

/** A visit time the server believes: a date within the window (a day of clock skew allowed ahead). */
export function cleanTime(value: unknown, now = Date.now()): string | undefined {
  if (typeof value !== "string" || value.length > 40) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time) || time > now + DAY_MS || time < now - (TOUCH_MAX_AGE_DAYS + 1) * DAY_MS) return undefined;
  return new Date(time).toISOString();
}

/** The same URL without click ids: what may leave for Meta, be logged or be kept without tracking consent. */
export function withoutClickIds(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (!CLICK_ID_PARAMS.some((name) => parsed.searchParams.has(name))) return url;
  for (const name of CLICK_ID_PARAMS) parsed.searchParams.delete(name);
  return parsed.href;
}

type Given = Record<string, unknown>;
const isRecord = (value: unknown): value is Given =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The campaign a touch names: its campaign parameters, and its click ids when `clickIds`. */
function campaignOf(given: Given, clickIds: boolean): Touch {
  const touch: Touch = {};
  for (const name of UTM_PARAMS) {
    const text = cleanText(given[name], TRACKING_LIMITS.utm);
    if (text) touch[name] = text;
  }
  if (clickIds) {
    for (const name of CLICK_ID_PARAMS) {
      const id = cleanClickId(given[name]);
      if (id) touch[name] = id;
    }
  }
  return touch;
}

export type CleaningOptions = {
  /** Whether click ids may be kept (tracking allowed). */
  clickIds: boolean;
  now?: number;
  /**
   * Whether a URL is on this site: a landing page anywhere else is dropped, as alerts and CRMs show it as ours. The
   * server passes its own rule; the browser, whose touches come from its own address bar, need not.
   */
  isOwnPage?: (url: string) => boolean;
};

/** A touch as it may be kept: every field cleaned, click ids only when `clickIds` allows; undefined when empty. */
export function cleanTouch(
  value: unknown,
  { clickIds, now = Date.now(), isOwnPage }: CleaningOptions,
): Touch | undefined {
  if (!isRecord(value)) return undefined;
  const touch = campaignOf(value, clickIds);
  const landing = cleanLandingUrl(value.landing_url);
  if (landing && (isOwnPage?.(landing) ?? true)) touch.landing_url = landing;
  const referrer = cleanReferrer(value.referrer);
  if (referrer) touch.referrer = referrer;
  if (Object.keys(touch).length === 0) return undefined;
  const at = cleanTime(value.at, now);
  if (at) touch.at = at;
  return touch;
}

/**
 * The attribution a request carries, cleaned: never an error, whatever arrives. A value that cannot be read is
 * dropped, an over-long one cut, so tracking never costs a lead.
 */
export function cleanAttribution(value: unknown, options: CleaningOptions): Attribution {
  if (!isRecord(value)) return {};
  const first = cleanTouch(value.first, options);
  const last = cleanTouch(value.last, options);
  return { ...(first && { first }), ...(last && { last }) };
}

/**
 * The touch a page view makes, or undefined when it is not a campaign visit. A campaign visit is one whose URL
 * carries a campaign parameter or a click id with a usable value; a direct visit, a link from another site without
 * either (organic search, a mention) and a visit from inside the site leave the kept touches as they are, so the
 * last touch stays the last campaign that brought the visitor. The referrer is kept only when it is another site.
 */
export function touchFromVisit(
  pageUrl: string,
  referrer: string,
  { clickIds, now = Date.now() }: { clickIds: boolean; now?: number },
): Touch | undefined {
  if (!URL.canParse(pageUrl)) return undefined;
  const page = new URL(pageUrl);
  const params = Object.fromEntries(
    [...UTM_PARAMS, ...CLICK_ID_PARAMS].map((name) => [name, page.searchParams.get(name) ?? undefined]),
  );
  if (Object.keys(campaignOf(params, true)).length === 0) return undefined;
  const external = URL.canParse(referrer) && new URL(referrer).origin !== page.origin ? referrer : undefined;
  return cleanTouch(
    { ...params, landing_url: pageUrl, referrer: external, at: new Date(now).toISOString() },
    { clickIds, now },
  );
}

const isFresh = (touch: Touch | undefined, now: number): touch is Touch =>
  Boolean(touch?.at && Date.parse(touch.at) > now - TOUCH_MAX_AGE_DAYS * DAY_MS);

/** The kept touches after a campaign visit: it is the last touch, and the first one too when none is in the window. */
export function recordTouch(kept: Attribution, touch: Touch, now = Date.now()): Attribution {
  return { first: isFresh(kept.first, now) ? kept.first : touch, last: touch };
}

/**
 * The kept touches still in the window. An expired first touch gives way to the last one: of the visits still in
 * the window, that is the earliest the browser knows of (it keeps two, not every visit).
 */
export function freshAttribution(kept: Attribution, now = Date.now()): Attribution {
  const last = isFresh(kept.last, now) ? kept.last : undefined;
  const first = isFresh(kept.first, now) ? kept.first : last;
  return { ...(first && { first }), ...(last && { last }) };
}

/** The same touches without their click ids (tracking was refused or withdrawn). */
export function dropClickIds(kept: Attribution): Attribution {
  const strip = (touch: Touch | undefined): Touch | undefined => {
    if (!touch) return undefined;
    const out: Touch = { ...touch };
    for (const name of CLICK_ID_PARAMS) delete out[name];
    // A cleaned landing URL holds none, but a touch from anywhere else may.
    if (out.landing_url) out.landing_url = withoutClickIds(out.landing_url);
    return out;
  };
  const first = strip(kept.first);
  const last = strip(kept.last);
  return { ...(first && { first }), ...(last && { last }) };
}
