/**
 * The mailto: link of an address, its local part percent-encoded: `?`, `&`, `=`, `%` and `#` are valid there, and
 * left as they are they would add recipients or header fields to the link (RFC 6068). The domain is letters, digits,
 * dots and hyphens (email-rule.ts).
 */
export function mailtoLink(email: string): string {
  const at = email.lastIndexOf("@");
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${email.slice(at + 1)}`;
}
