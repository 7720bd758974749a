/**
 * The one entry for environment variables: read and checked here, by concern in the modules beside it. In development
 * every variable is optional: a missing service selects the embedded default (seed dataset for content, PGlite for
 * leads), but a half-configured service fails at start with the name of the missing variable. Production is stricter:
 * see `productionRefusal` and `buildSiteUrl`.
 *
 * `NEXT_PUBLIC_*` values are read with literal `process.env.NAME` so Next inlines them into the browser bundle
 * (public-env.ts); secrets are only read by `readServerEnv()`, which `lib/env/server-env.ts` guards with `server-only`.
 * Imports carry their extension: the page cache handler loads this file with Node itself, outside the bundles.
 */
import type { z } from "zod";
import { failOn, requirePairs, fail } from "./env-errors.ts";
import { leadsBackend } from "./env-rules.ts";
import { readPublicEnv } from "./public-env.ts";
import { salesEmailProblem } from "./sales-alert-env.ts";
import { serverSchema, type ServerEnv } from "./server-schema.ts";
import { parseGoogleCredentials } from "../google/google-credentials.ts";

export { buildSiteUrl, contentBackend, readPublicEnv, type PublicEnv } from "./public-env.ts";
export type { ServerEnv } from "./server-schema.ts";
export { salesRecipients } from "./sales-alert-env.ts";
export * from "./env-rules.ts";
export { productionRefusal } from "./production-refusal.ts";
export { productionWarnings, type StartWarning } from "./production-warnings.ts";

export function readServerEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const pub = readPublicEnv();
  const raw = Object.fromEntries(Object.keys(serverSchema.shape).map((k) => [k, source[k] || undefined]));
  const parsed = serverSchema.safeParse(raw);
  if (!parsed.success) fail(parsed.error);
  requirePairs(parsed.data, [
    ["SUPABASE_URL", "SUPABASE_ANON_KEY"],
    ["LEAD_WEBHOOK_URL", "LEAD_WEBHOOK_SECRET"],
  ]);
  const halfEmail = salesEmailProblem(parsed.data);
  if (halfEmail) failOn(halfEmail.variable, halfEmail.message);
  if (parsed.data.LEADS_STORE && parsed.data.SUPABASE_URL) {
    failOn("LEADS_STORE", "is embedded but SUPABASE_URL is set: unset one of them");
  }
  if (parsed.data.SUPABASE_SECRET_KEY && !parsed.data.SUPABASE_URL) {
    failOn("SUPABASE_SECRET_KEY", "is set but SUPABASE_URL is not: set both, or neither for the embedded database");
  }
  // The anon key is public by design; the secret key reads every count and lead figure.
  if (parsed.data.SUPABASE_SECRET_KEY && parsed.data.SUPABASE_SECRET_KEY === parsed.data.SUPABASE_ANON_KEY) {
    failOn(
      "SUPABASE_SECRET_KEY",
      "equals SUPABASE_ANON_KEY: use the project's secret (or service_role) key, from Project Settings → API Keys",
    );
  }
  // The preload list only takes sites whose policy covers every subdomain.
  if (parsed.data.HSTS_PRELOAD && !parsed.data.HSTS_INCLUDE_SUBDOMAINS) {
    failOn("HSTS_PRELOAD", "needs HSTS_INCLUDE_SUBDOMAINS=true as well");
  }
  // The CRM holds the webhook's secret: were it the conversion's too, the CRM could sign calls to meta-conversion.
  if (parsed.data.LEAD_WEBHOOK_SECRET && parsed.data.LEAD_WEBHOOK_SECRET === parsed.data.CONVERSION_SIGNING_SECRET) {
    failOn(
      "LEAD_WEBHOOK_SECRET",
      "equals CONVERSION_SIGNING_SECRET: the webhook's receiver could then sign calls to meta-conversion; give each its own secret",
    );
  }
  // The handler that would use it exists only in a build made with PAGE_CACHE=redis (next.config.ts).
  if (parsed.data.PAGE_CACHE_REDIS_URL && parsed.data.PAGE_CACHE !== "redis") {
    failOn(
      "PAGE_CACHE_REDIS_URL",
      "is set but PAGE_CACHE is not redis: set PAGE_CACHE=redis when building and when starting, or unset PAGE_CACHE_REDIS_URL",
    );
  }
  googleAdsProblem(parsed.data);
  // Each secret proves one thing to one receiver: a CRM holding LEAD_STAGE_SECRET must not be able to sign anything else.
  const secrets = [
    "LEAD_STAGE_SECRET",
    "LEAD_STAGE_TOKEN",
    "CONVERSION_SIGNING_SECRET",
    "LEAD_WEBHOOK_SECRET",
    "CONTACT_PROOF_SECRET",
    "RESULTS_READ_TOKEN",
    "DRAFT_MODE_SECRET",
    "SANITY_REVALIDATE_SECRET",
  ] as const;
  for (const name of ["LEAD_STAGE_SECRET", "LEAD_STAGE_TOKEN"] as const) {
    const value = parsed.data[name];
    const twin = value ? secrets.find((other) => other !== name && parsed.data[other] === value) : undefined;
    if (twin) failOn(name, `equals ${twin}: give each secret its own value (e.g. \`openssl rand -hex 32\`)`);
  }
  const env = { ...pub, ...parsed.data };
  // Redis means several instances; the embedded database is one process's disk, so their leads would scatter.
  if (env.REDIS_URL && leadsBackend(env) === "embedded") {
    failOn(
      "REDIS_URL",
      "is set (several instances share it), so leads need Supabase: set SUPABASE_URL and SUPABASE_ANON_KEY (the embedded PGlite store serves one process only)",
    );
  }
  return env;
}

/**
 * Google Ads is configured whole or not at all: the account, the conversion actions and the credentials together; the
 * login account and the token URL only beside them. A half configuration stops the server naming what is missing.
 */
function googleAdsProblem(env: z.infer<typeof serverSchema>): void {
  const core = ["GOOGLE_ADS_OPERATING_ACCOUNT", "GOOGLE_ADS_CONVERSION_ACTIONS", "GOOGLE_ADS_CREDENTIALS"] as const;
  const set = core.filter((name) => env[name]);
  if (set.length > 0 && set.length < core.length) {
    const missing = core.find((name) => !env[name])!;
    failOn(
      missing,
      `is required when ${set.join(" and ")} ${set.length > 1 ? "are" : "is"} set (Google Ads conversions)`,
    );
  }
  if (set.length === 0) {
    for (const name of ["GOOGLE_ADS_LOGIN_ACCOUNT", "GOOGLE_OAUTH_TOKEN_URL"] as const)
      if (env[name]) failOn("GOOGLE_ADS_OPERATING_ACCOUNT", `is required when ${name} is set (Google Ads conversions)`);
    return;
  }
  const credentials = parseGoogleCredentials(env.GOOGLE_ADS_CREDENTIALS!);
  if ("error" in credentials) failOn("GOOGLE_ADS_CREDENTIALS", credentials.error);
}
