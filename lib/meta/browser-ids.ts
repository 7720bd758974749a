/** Meta's browser identifiers, which let Meta match a server event to the person's browser. */
export type MetaBrowserIds = { fbp?: string; fbc?: string };

// Meta's documented formats: `fb.<subdomainIndex>.<creationTime ms>.<random or fbclid>`.
const FB_COOKIE = /^fb\.[0-2]\.\d{10,13}\.[A-Za-z0-9_.-]{1,500}$/;
const FBCLID = /^[A-Za-z0-9_-]{1,500}$/;

function cookie(header: string | null, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/**
 * The one place that reads Meta's identifiers from a visit: the pixel's `_fbp` and `_fbc` cookies, or, when
 * there is no `_fbc` (no pixel, or it had not run yet), an `fbc` built from the `fbclid` of the page URL as
 * Meta documents it: `fb.1.<ms>.<fbclid>`. Values in any other shape are dropped, never forwarded.
 */
export function metaBrowserIds(cookieHeader: string | null, pageUrl: string, now = Date.now()): MetaBrowserIds {
  const ids: MetaBrowserIds = {};
  const fbp = cookie(cookieHeader, "_fbp");
  if (fbp && FB_COOKIE.test(fbp)) ids.fbp = fbp;
  const fbc = cookie(cookieHeader, "_fbc");
  if (fbc && FB_COOKIE.test(fbc)) ids.fbc = fbc;
  else {
    const fbclid = URL.canParse(pageUrl) ? new URL(pageUrl).searchParams.get("fbclid") : null;
    if (fbclid && FBCLID.test(fbclid)) ids.fbc = `fb.1.${now}.${fbclid}`;
  }
  return ids;
}
