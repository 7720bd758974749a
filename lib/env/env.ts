import { z } from "zod";
// With its extension: the page cache handler loads this file with Node itself, outside the bundles.
import { MIN_SECRET_LENGTH } from "../../supabase/functions/_shared/signed-request.ts";
import { MARKETS, type Market } from "../markets/markets.ts";

/**
 * The one module that reads and checks environment variables. In development every variable is optional: a
 * missing service selects the embedded default (seed dataset for content, PGlite for leads), but a half-configured
 * service fails at start with the name of the missing variable. Production is stricter: see `productionRefusal`
 * and `buildSiteUrl`.
 *
 * `NEXT_PUBLIC_*` values are read with literal `process.env.NAME` so Next inlines them into the browser
 * bundle; secrets are only read by `readServerEnv()`, which `lib/env/server-env.ts` guards with `server-only`.
 */

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/**
 * The site's origin when NEXT_PUBLIC_SITE_URL is unset: this machine, on the port the server listens on (`next dev`
 * and `next start` set PORT to it, whether it came from `-p` or PORT), as Next's own metadata fallback does. A
 * production build never uses it: it stops without NEXT_PUBLIC_SITE_URL (see buildSiteUrl).
 */
function localOrigin(): string {
  const protocol = process.env.__NEXT_EXPERIMENTAL_HTTPS ? "https" : "http";
  return `${protocol}://localhost:${process.env.PORT || 3000}`;
}

const publicSchema = z.object({
  NEXT_PUBLIC_SITE_URL: z.url().default(localOrigin),
  NEXT_PUBLIC_SANITY_PROJECT_ID: optional.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]+$/, "must be a Sanity project id (lower-case letters, digits, dashes)")
      .optional(),
  ),
  NEXT_PUBLIC_SANITY_DATASET: optional.pipe(
    z
      .string()
      .regex(/^[a-z0-9_-]+$/, "must be a Sanity dataset name")
      .optional(),
  ),
  NEXT_PUBLIC_SANITY_API_VERSION: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .default("2025-10-01"),
  NEXT_PUBLIC_META_PIXEL_ID: optional.pipe(z.string().regex(/^\d+$/, "must be digits").optional()),
});

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const logLevelSchema = optional.pipe(z.enum(LOG_LEVELS).optional()).transform((level) => level ?? "info");
const otlpUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL (OTLP/HTTP)" }).optional();
/** A comma-separated list of email addresses (spaces around the commas allowed). */
const addressList = optional.pipe(
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

const serverSchema = z.object({
  SANITY_API_READ_TOKEN: optional,
  SANITY_REVALIDATE_SECRET: optional,
  /** Points @sanity/client at another API host (tests use a local GROQ server). */
  SANITY_API_HOST: optional.pipe(z.url().optional()),
  /** The embedded content dataset (NDJSON); tests point it at a copy they can edit. */
  CONTENT_DATASET_FILE: z.string().default("studio/seed/landing.ndjson"),
  /** Embedded content in production: the secret that turns on draft preview (dev needs none). */
  DRAFT_MODE_SECRET: optional,
  SUPABASE_URL: optional.pipe(z.url().optional()),
  SUPABASE_ANON_KEY: optional,
  SUPABASE_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  EMBEDDED_DB_DIR: z.string().default(".data/pglite"),
  CONTACT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(5),
  /** Submissions per minute from one IPv6 /48 (a site's 65,536 /64s); unset: 4 × CONTACT_RATE_LIMIT_PER_MINUTE. */
  CONTACT_RATE_LIMIT_IPV6_48_PER_MINUTE: z.coerce.number().int().min(0).optional(),
  /**
   * Submissions per minute from all clients together (each accepted lead is a Meta event and a sales alert); 0: none.
   * Unset: 100, or none when CONTACT_RATE_LIMIT_PER_MINUTE=0 says the server runs without limits.
   */
  CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE: z.coerce.number().int().min(0).optional(),
  /** Where `next build` writes and `next start` reads; tests keep a second build (Sanity mode) beside the main one. */
  NEXT_DIST_DIR: z.string().default(".next"),

  // ── Production safety: what a production server must be told rather than assume ──────────────────────────
  /** `embedded`: the operator's explicit opt-in to keep leads in the embedded database on a production server. */
  LEADS_STORE: optional.pipe(z.enum(["embedded"]).optional()),
  /** The request header the proxy in front of the server sets to the client's address (lower-cased). */
  CLIENT_IP_HEADER: optional.pipe(
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9!#$%&'*+.^_`|~-]+$/, "must be a header name, e.g. x-real-ip")
      .optional(),
  ),
  /**
   * The request header in which the proxy passes on the host the visitor asked for (e.g. x-forwarded-host), when
   * the site answers on hosts besides NEXT_PUBLIC_SITE_URL's; its value then counts as this site's own origin.
   */
  FORWARDED_HOST_HEADER: optional.pipe(
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9!#$%&'*+.^_`|~-]+$/, "must be a header name, e.g. x-forwarded-host")
      .optional(),
  ),
  /** Set to 1 by Vercel on its builds and functions: the platform whose client-address header is known. */
  VERCEL: optional,
  /** Vercel: the project's production domain (no scheme), the site URL when NEXT_PUBLIC_SITE_URL is unset. */
  VERCEL_PROJECT_PRODUCTION_URL: optional,
  /** Deadline of one Content Lake read, retries included (build, revalidation, preview). */
  SANITY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** HSTS extensions, opt-in because both are hard to undo for a company domain (build-time: headers are compiled). */
  HSTS_INCLUDE_SUBDOMAINS: optional.pipe(z.stringbool().optional()).transform(Boolean),
  HSTS_PRELOAD: optional.pipe(z.stringbool().optional()).transform(Boolean),

  // Several instances: the contact rate limit and the page cache live in this Redis (redis:// or rediss://).
  REDIS_URL: optional.pipe(z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional()),
  /** `1`: the operator's opt-in to a Redis without a password (only on a private network nobody else reaches). */
  REDIS_ALLOW_PLAINTEXT: optional.pipe(z.stringbool().optional()).transform(Boolean),

  /** Signs each call to the meta-conversion function (the function holds the same secret and refuses unsigned calls). */
  CONVERSION_SIGNING_SECRET: optional,

  // ── Sales alerts: an email per new lead over SMTP, and a signed webhook for CRMs ──────────────────────────
  /** smtp:// (STARTTLS when offered) or smtps:// (TLS from the start), credentials in the URL. */
  SMTP_URL: optional.pipe(
    z
      .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL (smtps://user:password@host:465)" })
      .optional(),
  ),
  /** The sender: an address, or a name and an address ("Puente Pagos <alertas@puentepagos.com>"). */
  SALES_EMAIL_FROM: optional.pipe(
    z
      .string()
      .refine(
        (from) => z.email().safeParse(/<([^<>]+)>$/.exec(from)?.[1] ?? from).success,
        "must be an email address, or a name and <address>",
      )
      .optional(),
  ),
  /** Who gets every market's leads; SALES_EMAIL_TO_MX / _BR / _AR replace it for one market. */
  SALES_EMAIL_TO: addressList,
  SALES_EMAIL_TO_MX: addressList,
  SALES_EMAIL_TO_BR: addressList,
  SALES_EMAIL_TO_AR: addressList,
  /** Receives each new lead as signed JSON (HubSpot, Slack workflows, n8n, Zapier). */
  LEAD_WEBHOOK_URL: optional.pipe(
    z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  ),
  /** Signs each webhook call (X-Signature); the receiver checks it with the same secret. */
  LEAD_WEBHOOK_SECRET: optional,

  // ── Operations: logs and traces ───────────────────────────────────────────────────────────────────────────
  LOG_LEVEL: logLevelSchema,
  /** The request header in which the platform or proxy puts its own request id (lower-cased); else one is generated. */
  REQUEST_ID_HEADER: optional.pipe(
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9!#$%&'*+.^_`|~-]+$/, "must be a header name, e.g. x-request-id")
      .optional(),
  ),
  /** OTLP/HTTP collector; traces are exported only when this (or the traces-only variant) is set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optional.pipe(otlpUrl),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optional.pipe(otlpUrl),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default("puente-pagos-site"),
});

export type PublicEnv = z.infer<typeof publicSchema>;
export type ServerEnv = PublicEnv & z.infer<typeof serverSchema>;

/** The secrets this server checks callers against or signs with: a production server refuses a short one. */
const SECRETS = [
  "DRAFT_MODE_SECRET",
  "SANITY_REVALIDATE_SECRET",
  "CONVERSION_SIGNING_SECRET",
  "LEAD_WEBHOOK_SECRET",
] as const;

function fail(error: z.ZodError): never {
  const lines = error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  throw new Error(`Invalid environment:\n${lines.join("\n")}`);
}

/** Both halves of a pair must be set or both unset. */
function requirePairs(env: Record<string, unknown>, pairs: [string, string][]): void {
  const issues: z.core.$ZodIssue[] = [];
  for (const [a, b] of pairs) {
    if (Boolean(env[a]) !== Boolean(env[b])) {
      const missing = env[a] ? b : a;
      const present = env[a] ? a : b;
      issues.push({ code: "custom", path: [missing], message: `is required when ${present} is set`, input: undefined });
    }
  }
  if (issues.length > 0) fail(new z.ZodError(issues));
}

export function readPublicEnv(): PublicEnv {
  const parsed = publicSchema.safeParse({
    NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL || undefined,
    NEXT_PUBLIC_SANITY_PROJECT_ID: process.env.NEXT_PUBLIC_SANITY_PROJECT_ID,
    NEXT_PUBLIC_SANITY_DATASET: process.env.NEXT_PUBLIC_SANITY_DATASET,
    NEXT_PUBLIC_SANITY_API_VERSION: process.env.NEXT_PUBLIC_SANITY_API_VERSION || undefined,
    NEXT_PUBLIC_META_PIXEL_ID: process.env.NEXT_PUBLIC_META_PIXEL_ID,
  });
  if (!parsed.success) fail(parsed.error);
  requirePairs(parsed.data, [["NEXT_PUBLIC_SANITY_PROJECT_ID", "NEXT_PUBLIC_SANITY_DATASET"]]);
  return parsed.data;
}

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
  if (halfEmail)
    fail(
      new z.ZodError([{ code: "custom", path: [halfEmail.variable], message: halfEmail.message, input: undefined }]),
    );
  if (parsed.data.LEADS_STORE && parsed.data.SUPABASE_URL) {
    fail(
      new z.ZodError([
        {
          code: "custom",
          path: ["LEADS_STORE"],
          message: "is embedded but SUPABASE_URL is set: unset one of them",
          input: undefined,
        },
      ]),
    );
  }
  // The preload list only takes sites whose policy covers every subdomain.
  if (parsed.data.HSTS_PRELOAD && !parsed.data.HSTS_INCLUDE_SUBDOMAINS) {
    fail(
      new z.ZodError([
        {
          code: "custom",
          path: ["HSTS_PRELOAD"],
          message: "needs HSTS_INCLUDE_SUBDOMAINS=true as well",
          input: undefined,
        },
      ]),
    );
  }
  const env = { ...pub, ...parsed.data };
  // Redis means several instances; the embedded database is one process's disk, so their leads would scatter.
  if (env.REDIS_URL && leadsBackend(env) === "embedded") {
    const message =
      "is set (several instances share it), so leads need Supabase: set SUPABASE_URL and SUPABASE_ANON_KEY (the embedded PGlite store serves one process only)";
    fail(new z.ZodError([{ code: "custom", path: ["REDIS_URL"], message, input: undefined }]));
  }
  return env;
}

type AlertVariables = Pick<
  ServerEnv,
  "SMTP_URL" | "SALES_EMAIL_FROM" | "SALES_EMAIL_TO" | "SALES_EMAIL_TO_MX" | "SALES_EMAIL_TO_BR" | "SALES_EMAIL_TO_AR"
>;

const MARKET_RECIPIENTS = {
  mx: "SALES_EMAIL_TO_MX",
  br: "SALES_EMAIL_TO_BR",
  ar: "SALES_EMAIL_TO_AR",
} as const satisfies Record<Market, keyof AlertVariables>;

/** Who gets a market's sales alerts: its own list, else SALES_EMAIL_TO; empty when neither is set. */
export function salesRecipients(env: AlertVariables, market: Market): string[] {
  return env[MARKET_RECIPIENTS[market]] ?? env.SALES_EMAIL_TO ?? [];
}

/**
 * A half-configured sales email, naming the variable to set: an SMTP server with no sender or with a market nobody
 * receives, or recipients and a sender with no server to send through.
 */
function salesEmailProblem(env: AlertVariables): { variable: string; message: string } | undefined {
  const recipientsSet = ["SALES_EMAIL_TO", ...Object.values(MARKET_RECIPIENTS)].find(
    (name) => env[name as keyof AlertVariables],
  );
  if (!env.SMTP_URL) {
    const set = recipientsSet ?? (env.SALES_EMAIL_FROM ? "SALES_EMAIL_FROM" : undefined);
    return set
      ? { variable: "SMTP_URL", message: `is required when ${set} is set (the sales alert's SMTP server)` }
      : undefined;
  }
  if (!env.SALES_EMAIL_FROM)
    return {
      variable: "SALES_EMAIL_FROM",
      message: "is required when SMTP_URL is set (the sales alert's sender address)",
    };
  const unreached = MARKETS.filter((market) => salesRecipients(env, market).length === 0);
  if (unreached.length === 0) return undefined;
  const names = unreached.map((market) => MARKET_RECIPIENTS[market]).join(", ");
  return {
    variable: "SALES_EMAIL_TO",
    message: `is required when SMTP_URL is set: nobody would get the leads of ${unreached.join(", ")} (or set ${names})`,
  };
}

/** Where content comes from: Sanity when a project is configured, else the seed dataset in the repo. */
export function contentBackend(env: PublicEnv): "sanity" | "embedded" {
  return env.NEXT_PUBLIC_SANITY_PROJECT_ID ? "sanity" : "embedded";
}

/** Where leads go: Supabase when configured, else the embedded PGlite database. */
export function leadsBackend(env: ServerEnv): "supabase" | "embedded" {
  return env.SUPABASE_URL ? "supabase" : "embedded";
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

/** Each tier of the contact rate limit, per minute (0: off). */
export function contactRateLimits(env: ServerEnv): { perClient: number; perNetwork: number; global: number } {
  const perClient = env.CONTACT_RATE_LIMIT_PER_MINUTE;
  const global = env.CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE ?? (perClient > 0 ? 100 : 0);
  return { perClient, perNetwork: env.CONTACT_RATE_LIMIT_IPV6_48_PER_MINUTE ?? 4 * perClient, global };
}

/**
 * Why a production server must not start with this environment, as one line; undefined when it may. Development
 * keeps its embedded defaults; production never falls back to them silently.
 */
export function productionRefusal(env: ServerEnv): string | undefined {
  const problems: string[] = [];
  if (leadsBackend(env) === "embedded" && env.LEADS_STORE !== "embedded") {
    problems.push(
      "leads need SUPABASE_URL and SUPABASE_ANON_KEY, or LEADS_STORE=embedded to keep them in the embedded database on this server's disk",
    );
  }
  if (env.CONTACT_RATE_LIMIT_PER_MINUTE > 0 && !clientIpHeader(env)) {
    problems.push(
      "the contact rate limit needs CLIENT_IP_HEADER naming the header your proxy sets to the client's address (e.g. x-real-ip), or CONTACT_RATE_LIMIT_PER_MINUTE=0 to run without a limit",
    );
  }
  if (leadsBackend(env) === "supabase" && !env.CONVERSION_SIGNING_SECRET) {
    problems.push(
      "reporting leads to Meta needs CONVERSION_SIGNING_SECRET, the secret the meta-conversion function checks each call against (set the same value there with `supabase secrets set`)",
    );
  }
  for (const name of SECRETS) {
    const value = env[name];
    if (value !== undefined && value.length < MIN_SECRET_LENGTH) {
      problems.push(
        `${name} is ${value.length} characters, and a secret needs at least ${MIN_SECRET_LENGTH} (e.g. \`openssl rand -hex 32\`)`,
      );
    }
  }
  if (
    env.LEAD_WEBHOOK_URL &&
    new URL(env.LEAD_WEBHOOK_URL).protocol === "http:" &&
    !isLoopbackHost(new URL(env.LEAD_WEBHOOK_URL).hostname)
  ) {
    problems.push("LEAD_WEBHOOK_URL is http://, and each call carries a lead's contact details: use an https:// URL");
  }
  if (env.REDIS_URL && !new URL(env.REDIS_URL).password && !env.REDIS_ALLOW_PLAINTEXT) {
    problems.push(
      "REDIS_URL has no password, and whoever can write to that Redis changes the pages every instance serves: put the password in the URL (rediss://default:<password>@host:6379), or set REDIS_ALLOW_PLAINTEXT=1 if only your servers can reach it on a private network",
    );
  }
  return problems.length > 0 ? `Refusing to start a production server: ${problems.join("; ")}.` : undefined;
}

/** A host on this machine (a URL's hostname): plain http or SMTP to it never crosses a network. */
export const isLoopbackHost = (hostname: string) =>
  hostname === "localhost" || hostname === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(hostname);

/**
 * The public origin a production build is made for: NEXT_PUBLIC_SITE_URL, or on Vercel its production domain.
 * Canonical links, hreflang and the sitemap are inlined at build time, so a build without one must stop.
 */
export function buildSiteUrl(source: Record<string, string | undefined> = process.env): string {
  const explicit = source.NEXT_PUBLIC_SITE_URL?.trim();
  const vercel = source.VERCEL_PROJECT_PRODUCTION_URL?.trim();
  const url = explicit || (vercel ? `https://${vercel}` : "");
  if (!url)
    throw new Error(
      "A production build needs NEXT_PUBLIC_SITE_URL, the site's public origin (e.g. https://pagos.example).",
    );
  if (!URL.canParse(url)) throw new Error(`NEXT_PUBLIC_SITE_URL must be an absolute URL, got "${url}".`);
  return url;
}
