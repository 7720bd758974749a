/** Only same-site paths: `/mx`, `/br/x?y`; never `//evil.example` or absolute URLs (no open redirect). */
export function safeRedirectPath(value: string | null, fallback = "/mx"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
