import { defineField } from "sanity";
import { MARKETS, MARKET_LOCALES, MARKET_NAMES } from "../lib/markets/markets";

/**
 * The fields that tie a document to its market: set when the document is created, read-only for marketers, and
 * the same on every per-market document type.
 */
export function marketIdentityFields(group: string) {
  return [
    defineField({
      name: "market",
      title: "Market",
      type: "string",
      group,
      readOnly: true,
      options: { list: MARKETS.map((m) => ({ value: m, title: MARKET_NAMES[m] })) },
      validation: (r) => r.required(),
    }),
    defineField({
      name: "locale",
      title: "Locale",
      type: "string",
      group,
      readOnly: true,
      options: { list: Object.values(MARKET_LOCALES) },
      validation: (r) => r.required(),
    }),
  ];
}
