import metadata from "libphonenumber-js/metadata.max.json";
import type { PhonePrefix } from "../leads/options";
import { readPhone, type ParsedPhone } from "./phone-rules";

export type { ParsedPhone } from "./phone-rules";

/**
 * The server's reading of a typed phone (see phone-rules.ts), with libphonenumber-js's full metadata for every
 * country (~150 kB, server only), and a message for the 422 when it cannot be stored.
 */
export function parsePhone(typed: string, selected: PhonePrefix): ParsedPhone | { error: string } {
  const read = readPhone(typed, selected, metadata);
  if (!("problem" in read)) return read;
  switch (read.problem) {
    case "not-a-number":
      return { error: "Not a phone number" };
    case "not-offered":
      return { error: read.code ? `Country code +${read.code} is not offered` : "Country code is not offered" };
    case "invalid":
      return { error: `Not a valid number for +${read.prefix}` };
  }
}
