import { createHash } from "node:crypto";
import { domainToASCII } from "node:url";
import normalizeEmail from "validator/lib/normalizeEmail.js";

/**
 * One key per mailbox, however its address is spelled, for the confirmation email's limits and suppression list
 * (never for sending: the email goes to the address as typed). Imports carry their extension: the operator's hash
 * script runs this file with Node itself.
 *
 * - The domain: lower case, without a trailing dot, international names in their ASCII (punycode) form.
 * - The provider's own rules, from validator.js's normalizeEmail (maintained, with the providers' domain lists):
 *   Gmail and Googlemail ignore dots and `+tag` and are one domain; Outlook.com/Hotmail/Live and iCloud ignore
 *   `+tag`; Yahoo ignores `-tag`; Yandex's domains are one.
 * - `+tag` on every other domain too (Google Workspace, Microsoft 365, Fastmail and most business mail deliver it to
 *   the same mailbox). Where a domain does not, two mailboxes merely share one allowance, which only makes the limit
 *   stricter for them.
 * - The local part in lower case: no provider a lead uses tells mailboxes apart by case.
 */
export function mailboxKey(address: string): string {
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf("@");
  if (at < 1 || at === trimmed.length - 1) return trimmed.toLowerCase();
  const asciiDomain = trimmed
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, "");
  const domain = domainToASCII(asciiDomain) || asciiDomain;
  const local = trimmed.slice(0, at);
  const normalised = normalizeEmail(`${local}@${domain}`) || `${local}@${domain}`.toLowerCase();
  const split = normalised.lastIndexOf("@");
  const user = normalised.slice(0, split);
  const untagged = user.split("+")[0] || user;
  return `${untagged}@${normalised.slice(split + 1)}`;
}

/** The SHA-256 (hex) a mailbox is kept under: limits and the suppression list never hold an address in clear. */
export const mailboxHash = (address: string) => createHash("sha256").update(mailboxKey(address)).digest("hex");

/**
 * The hash the suppression list used before mailboxes were keyed (the address trimmed and lower-cased): entries an
 * operator added then still match the address they were made for.
 */
export const exactAddressHash = (address: string) =>
  createHash("sha256").update(address.trim().toLowerCase()).digest("hex");
