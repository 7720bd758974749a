/**
 * Where the browser keeps the visitor's first and last campaign touch (lib/attribution/kept-touches.ts writes it) and
 * how long a touch counts. A leaf with no imports: the visit beacon reads the last touch with these alone, so its
 * chunk stays a few hundred bytes.
 */
export const ATTRIBUTION_STORAGE_KEY = "puente_attribution";

/** How long a touch counts: the usual attribution window of ad platforms. */
export const TOUCH_MAX_AGE_DAYS = 90;
