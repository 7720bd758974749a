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

/** How long a touch counts: the usual attribution window of ad platforms. */
export const TOUCH_MAX_AGE_DAYS = 90;
const DAY_MS = 86_400_000;

export type Touch = Partial<Record<UtmParam | ClickIdParam, string>> & {
  /** When the visit happened (ISO 8601). */
  at?: string;
  /** The page the visit landed on, without click ids where they may not be kept. */
  landing_url?: string;
  /** The page on another site that linked here (as much of it as the browser tells). */
  referrer?: string;
};

/** The first campaign visit within the window, and the latest one. */
export type Attribution = { first?: Touch; last?: Touch };

/**
 * C0 and C1 controls (NUL included), DEL, and the bidirectional marks, embeddings, overrides and isolates that
 * make a value display as something else in a report. The migration refuses the same characters.
 */
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** A click id is opaque: URL-safe characters only (Google's and Meta's are base64url, Microsoft's hex). */
const CLICK_ID = /^[A-Za-z0-9._~-]+$/;

/**
 * A text value as it may be kept: unpaired surrogates (which no database stores) replaced, unwanted characters
 * removed, trimmed, cut to `max` code points; undefined when nothing is left or it is not text.
 */
export function cleanText(value: unknown, max: number): string | undefined {
  if (typeof value !== "string") return undefined;
  // toWellFormed is missing from browsers before 2023; the values a browser reads from a URL are well formed anyway.
  const wellFormed = typeof value.toWellFormed === "function" ? value.toWellFormed() : value;
  const chars = [...wellFormed.replace(UNWANTED, "").trim()];
  const cut = (chars.length > max ? chars.slice(0, max).join("") : chars.join("")).trim();
  return cut === "" ? undefined : cut;
}

/** An absolute http(s) URL, without click ids unless `clickIds`, cut to the limit; undefined when it is not one. */
export function cleanUrl(value: unknown, { clickIds }: { clickIds: boolean }): string | undefined {
  const text = cleanText(value, Number.MAX_SAFE_INTEGER);
  if (!text || !URL.canParse(text)) return undefined;
  const url = new URL(text);
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  return cleanText(clickIds ? url.href : withoutClickIds(url.href), TRACKING_LIMITS.url);
}

/** A click id: cut to the limit, dropped when it holds anything but URL-safe characters. */
export function cleanClickId(value: unknown): string | undefined {
  const text = cleanText(value, TRACKING_LIMITS.clickId);
  return text && CLICK_ID.test(text) ? text : undefined;
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

/** A touch as it may be kept: every field cleaned, click ids only when `clickIds` allows; undefined when empty. */
export function cleanTouch(value: unknown, { clickIds, now = Date.now() }: { clickIds: boolean; now?: number }): Touch | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const given = value as Record<string, unknown>;
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
  const landing = cleanUrl(given.landing_url, { clickIds });
  if (landing) touch.landing_url = landing;
  const referrer = cleanUrl(given.referrer, { clickIds });
  if (referrer) touch.referrer = referrer;
  if (Object.keys(touch).length === 0) return undefined;
  const at = cleanTime(given.at, now);
  if (at) touch.at = at;
  return touch;
}

/**
 * The attribution a request carries, cleaned: never an error, whatever arrives. A value that cannot be read is
 * dropped, an over-long one cut, so tracking never costs a lead.
 */
export function cleanAttribution(value: unknown, options: { clickIds: boolean; now?: number }): Attribution {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const { first, last } = value as Record<string, unknown>;
  const attribution: Attribution = {};
  const firstTouch = cleanTouch(first, options);
  const lastTouch = cleanTouch(last, options);
  if (firstTouch) attribution.first = firstTouch;
  if (lastTouch) attribution.last = lastTouch;
  return attribution;
}

/**
 * The touch a page view makes, or undefined for a direct visit (no campaign parameter, no click id, no other site
 * linking): those leave the kept touches as they are.
 */
export function touchFromVisit(pageUrl: string, referrer: string, { clickIds, now = Date.now() }: { clickIds: boolean; now?: number }): Touch | undefined {
  if (!URL.canParse(pageUrl)) return undefined;
  const page = new URL(pageUrl);
  const params = Object.fromEntries([...UTM_PARAMS, ...CLICK_ID_PARAMS].flatMap((name) => (page.searchParams.has(name) ? [[name, page.searchParams.get(name)]] : [])));
  const external = URL.canParse(referrer) && new URL(referrer).origin !== page.origin ? referrer : undefined;
  if (Object.keys(params).length === 0 && !external) return undefined;
  return cleanTouch({ ...params, landing_url: pageUrl, referrer: external, at: new Date(now).toISOString() }, { clickIds, now });
}

const isFresh = (touch: Touch | undefined, now: number): touch is Touch => Boolean(touch?.at && Date.parse(touch.at) > now - TOUCH_MAX_AGE_DAYS * DAY_MS);

/** The kept touches after a campaign visit: it is the last touch, and the first one too when none is in the window. */
export function recordTouch(kept: Attribution, touch: Touch, now = Date.now()): Attribution {
  return { first: isFresh(kept.first, now) ? kept.first : touch, last: touch };
}

/** The kept touches still in the window; an expired first touch gives way to the last one. */
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
    if (out.landing_url) out.landing_url = withoutClickIds(out.landing_url);
    if (out.referrer) out.referrer = withoutClickIds(out.referrer);
    return out;
  };
  const first = strip(kept.first);
  const last = strip(kept.last);
  return { ...(first && { first }), ...(last && { last }) };
}
