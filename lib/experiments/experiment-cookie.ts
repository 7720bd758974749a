import { parseVariantId, variantId } from "./experiment-keys.ts";

/**
 * The one cookie the site sets before consent: which variant of which running experiment this browser was shown,
 * `<experiment>--<variant>`, one entry per experiment it met, separated by dots. No identifier, nothing about the
 * person: every visitor shown the same variant carries the same value. HttpOnly (no script reads it), SameSite=Lax,
 * kept until the latest planned end of its experiments and never past EXPERIMENT_COOKIE_MAX_DAYS.
 */
export const EXPERIMENT_COOKIE = "experiments";
export const EXPERIMENT_COOKIE_MAX_DAYS = 90;
/** More entries than this are not read (a visitor meets one experiment per page, and few pages run one). */
const MAX_ENTRIES = 8;

export type Assignment = { experiment: string; variant: string };

/** The entries of the cookie's value; anything off the rule is dropped. */
export function readExperimentCookie(value: string | undefined): Assignment[] {
  if (!value || value.length > 1024) return [];
  const entries: Assignment[] = [];
  for (const part of value.split(".").slice(0, MAX_ENTRIES)) {
    const entry = parseVariantId(part);
    if (entry && !entries.some((e) => e.experiment === entry.experiment)) entries.push(entry);
  }
  return entries;
}

export const writeExperimentCookie = (entries: readonly Assignment[]) =>
  entries.map((e) => variantId(e.experiment, e.variant)).join(".");

/** The variant the cookie names for an experiment, if any. */
export const cookieVariant = (value: string | undefined, experiment: string) =>
  readExperimentCookie(value).find((entry) => entry.experiment === experiment)?.variant;
