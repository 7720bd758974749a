import { CLICK_ID_PARAMS, UTM_PARAMS, type Attribution, type Touch } from "./campaign-touch.ts";

/** What a touch stores, by column suffix: `first_<field>` and `last_<field>` of contact_submissions. */
const TOUCH_FIELDS = ["touch_at", "landing_url", "referrer", ...UTM_PARAMS, ...CLICK_ID_PARAMS] as const;
type TouchField = (typeof TOUCH_FIELDS)[number];
export type TouchColumn = `${"first" | "last"}_${TouchField}`;

export const TOUCH_COLUMNS = (["first", "last"] as const).flatMap((touch) =>
  TOUCH_FIELDS.map((field) => `${touch}_${field}` as TouchColumn),
);

/** A lead's attribution as its columns (absent values left out). */
export function touchColumns(attribution: Attribution): Partial<Record<TouchColumn, string>> {
  const columns: Partial<Record<TouchColumn, string>> = {};
  for (const which of ["first", "last"] as const) {
    const touch: Touch | undefined = attribution[which];
    if (!touch) continue;
    for (const field of TOUCH_FIELDS) {
      const value = field === "touch_at" ? touch.at : touch[field];
      if (value !== undefined) columns[`${which}_${field}`] = value;
    }
  }
  return columns;
}
