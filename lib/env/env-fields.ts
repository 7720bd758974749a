import { z } from "zod";

/** A variable that is unset when empty or blank. */
export const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** A request header's name, lower-cased (`example` shows the operator what is meant). */
export const headerName = (example: string) =>
  optional.pipe(
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9!#$%&'*+.^_`|~-]+$/, `must be a header name, e.g. ${example}`)
      .optional(),
  );

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export const logLevelSchema = optional.pipe(z.enum(LOG_LEVELS).optional()).transform((level) => level ?? "info");
export const otlpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL (OTLP/HTTP)" })
  .optional();
/** A comma-separated list of email addresses (spaces around the commas allowed). */
export const addressList = optional.pipe(
  z
    .string()
    .transform((list) =>
      list
        .split(",")
        .map((a) => a.trim())
        .filter(Boolean),
    )
    // Refined as a whole, so the message names the variable rather than an entry ("SALES_EMAIL_TO.0").
    .refine((list) => list.length > 0, "must name at least one email address")
    .refine(
      (list) => list.every((address) => z.email().safeParse(address).success),
      "must be email addresses separated by commas",
    )
    .optional(),
);
