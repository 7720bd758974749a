import { MARKET_BY_CODE, type Market } from "../markets/markets.ts";
import { FORMULA_START_CHARACTERS, INVISIBLE_RANGES } from "./lead-text.ts";

/**
 * Option values of the contact form: the data contract shared by the browser, the route handler and the
 * database CHECK constraints. Content (Sanity) supplies only their labels, never the values. Which field offers which
 * list, and every other property of a field, is declared in lead-fields.ts.
 */
export const PHONE_PREFIXES = ["52", "1", "54", "55", "57"] as const;
export const COUNTRIES = ["usa", "argentina", "brazil", "colombia", "other"] as const;
export const REASONS = ["goods", "services", "contractors", "invoice", "other"] as const;
export const VOLUMES = ["0-4999", "5000-9999", "10000-49999", "50000-99999", "100000-plus"] as const;

export type PhonePrefix = (typeof PHONE_PREFIXES)[number];

/**
 * A market's own calling code, which the form must offer (a code it does not offer does not compile). Not the form's
 * default (the spec pre-selects 52 outside Brazil, Argentina included): the country a number typed on that market's
 * page most likely belongs to, offered first when a number does not fit the selected code.
 */
export function marketPhonePrefix(market: Market): PhonePrefix {
  return MARKET_BY_CODE[market].callingCode;
}
export type Country = (typeof COUNTRIES)[number];
export type Reason = (typeof REASONS)[number];
export type Volume = (typeof VOLUMES)[number];

/**
 * Phone numbers as people type them: an optional leading `+`, then digits, spaces, dashes, dots and
 * parentheses (the browser's `pattern`, compiled with the `v` flag, hence the escapes). Whether the number can
 * exist under the selected code is checked by libphonenumber-js, in the browser and again on the server
 * (lib/contact/phone-rules.ts).
 */
export const PHONE_PATTERN = "\\+?[0-9 \\(\\)\\.\\-]+";

/**
 * The company's and the contact's name (the browser's `pattern`, compiled with the `v` flag): not starting, once
 * spaces and invisible characters are skipped, with what a spreadsheet reads as a formula (see lead-text.ts). The
 * route applies the same rule after trimming, so the browser's own check and the route's never disagree.
 */
export const NAME_PATTERN = `[\\s${INVISIBLE_RANGES}]*[^${FORMULA_START_CHARACTERS}\\s${INVISIBLE_RANGES}].*`;
