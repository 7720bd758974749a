import { LOG_LEVELS, logLevelSchema } from "./env-fields.ts";
import type { ServerEnv } from "./server-schema.ts";

/** Where leads go: Supabase when configured, else the embedded PGlite database. */
export function leadsBackend(env: ServerEnv): "supabase" | "embedded" {
  return env.SUPABASE_URL ? "supabase" : "embedded";
}

/**
 * Where the visit counts and the results' figures are read and written: the embedded database beside the leads, or
 * Supabase with the server's own key; `unconfigured` on Supabase without SUPABASE_SECRET_KEY (a production server
 * with counting on refuses to start that way).
 */
export function countsBackend(env: ServerEnv): "supabase" | "embedded" | "unconfigured" {
  if (leadsBackend(env) === "embedded") return "embedded";
  return env.SUPABASE_SECRET_KEY ? "supabase" : "unconfigured";
}

/** Whether the beacon counts: unless COUNT_VISITS=off, wherever a store can take the counts. */
export function countingEnabled(env: ServerEnv): boolean {
  return env.COUNT_VISITS !== "off" && countsBackend(env) !== "unconfigured";
}

/**
 * The logger's level, read on its own: the logger exists before the environment is checked (it reports that check),
 * so an invalid value falls back to `info` here and stops the server at the start check, naming LOG_LEVEL.
 */
export function logLevel(source: Record<string, string | undefined> = process.env): (typeof LOG_LEVELS)[number] {
  const parsed = logLevelSchema.safeParse(source.LOG_LEVEL || undefined);
  return parsed.success ? parsed.data : "info";
}

/**
 * The header that carries the platform's request id: the one the operator names, else the platform's own where it is
 * known (Vercel sets `x-vercel-id`). None means every request gets a generated id.
 */
export function requestIdHeader(env: ServerEnv): string | undefined {
  return env.REQUEST_ID_HEADER ?? (env.VERCEL ? "x-vercel-id" : undefined);
}

/** Traces leave the process only when an OTLP endpoint is configured; otherwise no SDK is loaded at all. */
export function tracingEnabled(env: ServerEnv): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** A production server (`next start`, the standalone server, a platform's functions), not dev and not the build. */
export function isProductionServer(): boolean {
  return process.env.NODE_ENV === "production" && process.env.NEXT_PHASE !== "phase-production-build";
}

/**
 * The header that carries the client's address: the one the operator names, else the platform's own — Vercel
 * sets `x-real-ip` itself and overwrites what the client sent. None means no trustworthy address is known.
 */
export function clientIpHeader(env: ServerEnv): string | undefined {
  return env.CLIENT_IP_HEADER ?? (env.VERCEL ? "x-real-ip" : undefined);
}

/**
 * The header whose value also counts as this site's host, besides NEXT_PUBLIC_SITE_URL's: the one the operator names;
 * in development the request's own Host (localhost, 127.0.0.1, a LAN address). A production server trusts no header
 * of the client's choosing: X-Forwarded-Host is whatever the client wrote unless a proxy sets it.
 */
export function ownHostHeader(env: ServerEnv): string | undefined {
  return env.FORWARDED_HOST_HEADER ?? (process.env.NODE_ENV === "development" ? "host" : undefined);
}

/** The global ceiling on proven leads a minute (and the hourly cap on held leads) when the operator names none. */
export const DEFAULT_GLOBAL_PER_MINUTE = 100;

/**
 * Each tier of the contact rate limit, per minute (0: off). The global ceiling needs no client address, so it holds
 * whatever the per-client limit is: only CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE=0 turns it off.
 */
export function contactRateLimits(env: ServerEnv): { perClient: number; perNetwork: number; global: number } {
  const perClient = env.CONTACT_RATE_LIMIT_PER_MINUTE;
  const global = env.CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE ?? DEFAULT_GLOBAL_PER_MINUTE;
  return { perClient, perNetwork: env.CONTACT_RATE_LIMIT_IPV6_48_PER_MINUTE ?? 4 * perClient, global };
}

/** Why no lead gets a confirmation email with this environment; undefined when one can. */
export function leadEmailOff(env: ServerEnv): "proof-off" | "no-smtp" | undefined {
  // Without the browser's proof of work anyone's script could have sent the form in a stranger's name.
  if (env.CONTACT_PROOF === "off") return "proof-off";
  if (!env.SMTP_URL || !env.LEAD_EMAIL_FROM) return "no-smtp";
  return undefined;
}

/** A host on this machine (a URL's hostname): plain http or SMTP to it never crosses a network. */
export const isLoopbackHost = (hostname: string) =>
  hostname === "localhost" || hostname === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(hostname);

/** Whether conversions go to Google Ads: the whole configuration is there (half of one stops the server). */
export function googleAdsEnabled(
  env: Partial<
    Pick<ServerEnv, "GOOGLE_ADS_OPERATING_ACCOUNT" | "GOOGLE_ADS_CONVERSION_ACTIONS" | "GOOGLE_ADS_CREDENTIALS">
  >,
): boolean {
  return Boolean(env.GOOGLE_ADS_OPERATING_ACCOUNT && env.GOOGLE_ADS_CONVERSION_ACTIONS && env.GOOGLE_ADS_CREDENTIALS);
}

/** Whether sales can record stages: signed email links, or a CRM with the bearer token. */
export function stagesEnabled(env: ServerEnv): boolean {
  return Boolean(env.LEAD_STAGE_SECRET || env.LEAD_STAGE_TOKEN);
}

/**
 * Where Meta's stage events go: the meta-conversion function (Supabase), the log standing in for it where leads stay
 * in the embedded store outside production (development, tests), or nowhere (the embedded store in production, which
 * reports nothing to Meta).
 */
export function metaStageSink(env: ServerEnv): "function" | "local" | null {
  if (leadsBackend(env) === "supabase") return "function";
  return isProductionServer() ? null : "local";
}
