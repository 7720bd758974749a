import {
  parsePhoneNumberFromString,
  type CountryCode,
  type MetadataJson,
  type PhoneNumber,
} from "libphonenumber-js/core";
import { PHONE_PREFIXES, type PhonePrefix } from "../leads/options";

/**
 * How a typed phone is read, shared by the server (libphonenumber-js's full metadata, phone.ts) and the browser
 * (the same metadata cut to the offered country codes, phone-check.ts): the same code on the same rules, so the
 * browser lets through exactly the numbers the server stores.
 */

/** A phone as it is stored: the country code, the national significant number's digits, and E.164. */
export type ParsedPhone = { prefix: PhonePrefix; national: string; e164: string };

/** Why a typed phone cannot be stored. `code` is the typed `+` code when the metadata knows it. */
export type PhoneProblem =
  { problem: "not-a-number" } | { problem: "not-offered"; code?: string } | { problem: "invalid"; prefix: PhonePrefix };

const isOffered = (code: string): code is PhonePrefix => (PHONE_PREFIXES as readonly string[]).includes(code);
const typedWithCode = (typed: string) => typed.trimStart().startsWith("+");

function parse(typed: string, selected: PhonePrefix, metadata: MetadataJson): PhoneNumber | undefined {
  const number = parsePhoneNumberFromString(typed, { defaultCallingCode: selected }, metadata);
  // Mexico dropped the "1" before mobile numbers in 2020, but people (and WhatsApp) still write "+52 1 55 …":
  // the same line, so it is read without the 1.
  if (number?.countryCallingCode === "52" && !number.isValid() && /^1\d{10}$/.test(number.nationalNumber)) {
    return parsePhoneNumberFromString(`+52${number.nationalNumber.slice(1)}`, metadata);
  }
  return number;
}

/**
 * Reads a phone the way people type it (spaces, dashes, dots, parentheses, trunk prefixes such as Mexico's or
 * Argentina's `0…15`, or a leading `+` and country code) against the selected prefix. A number written with its
 * own `+` code means that country even when the select still shows its default: the visitor typed the code on
 * purpose, the select may never have been touched. With full metadata ("max"), a number that cannot exist in that
 * country is refused, not just one of the wrong length.
 */
export function readPhone(typed: string, selected: PhonePrefix, metadata: MetadataJson): ParsedPhone | PhoneProblem {
  const number = parse(typed, selected, metadata);
  // A `+` code the metadata does not know: with the browser's cut metadata, any code the form does not offer.
  if (!number) return typedWithCode(typed) ? { problem: "not-offered" } : { problem: "not-a-number" };
  const code = number.countryCallingCode;
  if (!isOffered(code)) return { problem: "not-offered", code };
  if (!number.isValid()) return { problem: "invalid", prefix: code };
  return { prefix: code, national: number.nationalNumber, e164: number.number };
}

/**
 * The first of `candidates` other than the selected prefix under which a number typed without its own `+` code is
 * valid, with the country it then belongs to (for "Is it a number from Argentina?"). None for a number typed with
 * a code: that code is what the visitor meant.
 */
export function otherPrefixFor(
  typed: string,
  selected: PhonePrefix,
  candidates: readonly PhonePrefix[],
  metadata: MetadataJson,
): { prefix: PhonePrefix; country: CountryCode | undefined } | null {
  if (typedWithCode(typed)) return null;
  for (const prefix of candidates) {
    if (prefix === selected) continue;
    const number = parse(typed, prefix, metadata);
    if (number?.countryCallingCode === prefix && number.isValid()) return { prefix, country: number.country };
  }
  return null;
}
