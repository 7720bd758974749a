import { FIELD_LIMITS } from "../leads/lead-fields";
import { startsLikeFormula } from "../leads/lead-text";

/**
 * The one rule for an email address, applied by the form in the browser and by the route handler, so whatever the
 * browser lets through is stored. It is a subset of what `<input type="email">` accepts (the HTML standard's
 * "valid email address"), tightened to what mail can be delivered to:
 * - the local part is dot-separated atoms of the HTML standard's characters (no leading, trailing or double dot),
 *   at most 64 characters (RFC 5321);
 * - the domain has at least one dot ("ana@empresa" is an intranet name, not an address a salesperson can write
 *   to), letter-digit-hyphen labels of at most 63 characters, and ends in a top-level domain of letters (or an
 *   internationalized one, `xn--…`, as browsers send non-ASCII domains);
 * - the whole address is at most 254 characters;
 * - it does not start with `=`, `+` or `-` (the atoms allow them), which a spreadsheet would run as a formula
 *   (lead-text.ts): no mailbox people use starts that way, so such an address is refused rather than altered.
 */
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const TOP_LEVEL = "(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})";
const EMAIL = new RegExp(`^(?=[^@]{1,64}@)${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${TOP_LEVEL}$`);

export function isEmailAddress(value: string): boolean {
  return value.length <= FIELD_LIMITS.email && EMAIL.test(value) && !startsLikeFormula(value);
}
