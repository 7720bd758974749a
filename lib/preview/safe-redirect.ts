import { DEFAULT_MARKET } from "../markets/markets";

const BASE = "http://same-origin.invalid";

/** Characters no path on this site has, and that browsers or proxies drop or reinterpret (tabs, newlines, `\`). */
const SUSPECT = /[\u0000-\u001f\u007f\\]/;

/**
 * Only same-site paths: `/mx`, `/br/x?y`; never anything a browser would follow to another host (no open redirect).
 * The value is resolved as a browser resolves a Location header — which removes dot segments (`/.//evil.example`
 * becomes `//evil.example`), drops tabs and newlines and reads `\` as `/` — and the result must be a path that
 * stays on this origin however often it is percent-decoded further down the line. Anything else gets `fallback`.
 */
export function safeRedirectPath(value: string | null, fallback = `/${DEFAULT_MARKET}`): string {
  if (!value?.startsWith("/") || SUSPECT.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || !isPlainPath(url.pathname)) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // What is returned must resolve to itself: a Location header the browser reads exactly as we checked it.
  const again = new URL(path, BASE);
  return again.origin === BASE && `${again.pathname}${again.search}${again.hash}` === path ? path : fallback;
}

/**
 * A pathname that, however often it is percent-decoded (and with compatibility characters such as `／` folded, as
 * some layers do), never starts with `//` or `/\` — before or after resolving its dot segments — and holds no
 * control character or `\`.
 */
function isPlainPath(pathname: string): boolean {
  let current = pathname;
  for (let round = 0; round < 4; round++) {
    const folded = current.normalize("NFKC");
    if (/^\/[/\\]/.test(folded) || SUSPECT.test(folded)) return false;
    // Dot segments that only appear once decoded (`/..%2F..%2F%2Fhost`) must not climb to `//host` either.
    const resolved = URL.parse(folded, BASE);
    if (resolved?.origin !== BASE || /^\/[/\\]/.test(resolved.pathname)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    current = decoded;
  }
  // Still changing after four decodings: nothing legitimate is encoded that deep.
  return false;
}
