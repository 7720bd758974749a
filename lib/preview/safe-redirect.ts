const BASE = "http://same-origin.invalid";

/**
 * Only same-site paths: `/mx`, `/br/x?y`; never `//evil.example`, `/\evil.example`, `/<tab>/evil.example` or
 * absolute URLs (no open redirect). The value is resolved the way a browser resolves a Location header (which
 * drops tabs and newlines and treats `\` as `/`), and anything that lands on another origin is refused.
 */
export function safeRedirectPath(value: string | null, fallback = "/mx"): string {
  if (!value?.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : fallback;
}
