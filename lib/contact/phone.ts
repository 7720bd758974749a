import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { PHONE_PREFIXES, type PhonePrefix } from "./options";

/** A phone as it is stored: the country code, the national significant number's digits, and E.164. */
export type ParsedPhone = { prefix: PhonePrefix; national: string; e164: string };

const isOffered = (code: string): code is PhonePrefix => (PHONE_PREFIXES as readonly string[]).includes(code);

/**
 * Reads a phone the way people type it (spaces, dashes, dots, parentheses, trunk prefixes such as Mexico's or
 * Argentina's `0…15`, or a leading `+` and country code) against the selected prefix. A number written with
 * its own `+` code means that country even when the select still shows its default: the visitor typed the
 * code on purpose, the select may never have been touched. Full metadata ("max"), so a number that cannot
 * exist in that country is refused, not just one of the wrong length. Server only: the metadata is ~150 kB.
 */
export function parsePhone(typed: string, selected: PhonePrefix): ParsedPhone | { error: string } {
  let number = parsePhoneNumberFromString(typed, { defaultCallingCode: selected });
  // Mexico dropped the "1" before mobile numbers in 2020, but people (and WhatsApp) still write "+52 1 55 …":
  // the same line, so it is read without the 1.
  if (number?.countryCallingCode === "52" && !number.isValid() && /^1\d{10}$/.test(number.nationalNumber)) {
    number = parsePhoneNumberFromString(`+52${number.nationalNumber.slice(1)}`);
  }
  if (!number) return { error: "Not a phone number" };
  const prefix = number.countryCallingCode;
  if (!isOffered(prefix)) return { error: `Country code +${prefix} is not offered` };
  if (!number.isValid()) return { error: `Not a valid number for +${prefix}` };
  return { prefix, national: number.nationalNumber, e164: number.number };
}
