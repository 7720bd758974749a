import { createHash } from "node:crypto";

/**
 * Contact details as Google's Data Manager API takes them (developers.google.com/data-manager/api/devguides/concepts/
 * formatting): an email trimmed of all whitespace and lower-cased, and at gmail.com or googlemail.com without the dots
 * of its local part or anything from a plus sign on; a phone in E.164 (a plus sign, the country code, digits only).
 * Each is hashed with SHA-256 and sent hex-encoded (the request says `encoding: HEX`).
 */
export function normaliseGoogleEmail(email: string): string {
  const address = email.replace(/\s+/g, "").toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  const [local, domain] = [address.slice(0, at), address.slice(at + 1)];
  if (domain !== "gmail.com" && domain !== "googlemail.com") return address;
  return `${local.split("+")[0]!.replace(/\./g, "")}@${domain}`;
}

/** "+52 55 1234 5678", "(800)555-0100" with its country code → "+525512345678"; null when no E.164 number is left. */
export function normaliseGooglePhone(phone: string): string | null {
  const digits = phone.trim().replace(/\D/g, "");
  const e164 = `+${digits}`;
  return /^\+[1-9]\d{6,14}$/.test(e164) ? e164 : null;
}

export const sha256Hex = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

/** The userData of an event: the hashed email and phone, as userIdentifiers. */
export function googleUserData(email: string, phoneE164: string) {
  const phone = normaliseGooglePhone(phoneE164);
  return {
    userIdentifiers: [
      { emailAddress: sha256Hex(normaliseGoogleEmail(email)) },
      ...(phone ? [{ phoneNumber: sha256Hex(phone) }] : []),
    ],
  };
}
