import type { CountryCode } from "libphonenumber-js/core";
import { PHONE_PREFIXES, type PhonePrefix } from "../leads/options";
import metadata from "./phone-metadata.generated";
import { otherPrefixFor, readPhone, type PhoneProblem } from "./phone-rules";

/**
 * The form's phone check, in the browser: the server's rules (phone-rules.ts) on metadata for the offered country
 * codes only (generated at build time, lib/build/phone-metadata.ts). Loaded when a visitor first engages the form,
 * never with the page.
 */
export type PhoneVerdict =
  | { ok: true }
  | (PhoneProblem & { ok: false; fits?: { prefix: PhonePrefix; country: CountryCode | undefined } | null });

/**
 * Whether the typed number can be sent under the selected prefix; if not, the prefix it would be valid under,
 * trying the market's own country code first ("¿Es un número de Argentina? Usar +54").
 */
export function checkPhone(typed: string, selected: PhonePrefix, marketPrefix: PhonePrefix): PhoneVerdict {
  const read = readPhone(typed, selected, metadata);
  if (!("problem" in read)) return { ok: true };
  const candidates = [marketPrefix, ...PHONE_PREFIXES.filter((p) => p !== marketPrefix)];
  return {
    ...read,
    ok: false,
    fits: read.problem === "invalid" ? otherPrefixFor(typed, selected, candidates, metadata) : null,
  };
}
