import type { Attribution, Touch } from "./campaign-touch.ts";
import { TOUCH_FIELD_NAMES, type TouchColumn } from "../leads/lead-fields.ts";

export { TOUCH_COLUMNS, type TouchColumn } from "../leads/lead-fields.ts";

/** A lead's attribution as its columns, `first_<field>` and `last_<field>` (absent values left out). */
export function touchColumns(attribution: Attribution): Partial<Record<TouchColumn, string>> {
  const columns: Partial<Record<TouchColumn, string>> = {};
  for (const which of ["first", "last"] as const) {
    const touch: Touch | undefined = attribution[which];
    if (!touch) continue;
    for (const field of TOUCH_FIELD_NAMES) {
      const value = field === "touch_at" ? touch.at : touch[field];
      if (value !== undefined) columns[`${which}_${field}`] = value;
    }
  }
  return columns;
}

/** The attribution a row's touch columns hold (the inverse of touchColumns). */
export function attributionOf(row: Partial<Record<TouchColumn, string | null>>): Attribution {
  const attribution: Attribution = {};
  for (const which of ["first", "last"] as const) {
    for (const field of TOUCH_FIELD_NAMES) {
      const value = row[`${which}_${field}`];
      if (!value) continue;
      const touch: Record<string, string> = (attribution[which] ??= {});
      touch[field === "touch_at" ? "at" : field] = value;
    }
  }
  return attribution;
}
