import { z } from "zod";
import { addressList, headerName, logLevelSchema, optional, otlpUrl } from "./env-fields.ts";
import { MARKETS, type Market } from "../markets/markets.ts";
import type { PublicEnv } from "./public-env.ts";
import { CONVERSION_STAGES, type ConversionStage } from "../stages/stages.ts";
import { PROOF_MAX_NUMBER } from "../proof-of-work/proof-settings.ts";

/** Content: Sanity, the embedded dataset, preview and the webhook. */
const contentVariables = {
  SANITY_API_READ_TOKEN: optional,
  SANITY_REVALIDATE_SECRET: optional,
  /** Points @sanity/client at another API host (tests use a local GROQ server). */
  SANITY_API_HOST: optional.pipe(z.url().optional()),
  /** Deadline of one Content Lake read, retries included (build, revalidation, preview). */
  SANITY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** The embedded content dataset (NDJSON); tests point it at a copy they can edit. */
  CONTENT_DATASET_FILE: z.string().default("studio/seed/landing.ndjson"),
  /** Embedded content in production: the secret that turns on draft preview (dev needs none). */
  DRAFT_MODE_SECRET: optional,
};

/** Leads: where they are stored, how often a client may send one, and the conversion call's signature. */
const leadVariables = {
  SUPABASE_URL: optional.pipe(z.url().optional()),
  SUPABASE_ANON_KEY: optional,
  SUPABASE_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  EMBEDDED_DB_DIR: z.string().default(".data/pglite"),
  /** `embedded`: the operator's explicit opt-in to keep leads in the embedded database on a production server. */
  LEADS_STORE: optional.pipe(z.enum(["embedded"]).optional()),
  CONTACT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(5),
  /** Submissions per minute from one IPv6 /48 (a site's 65,536 /64s); unset: 4 × CONTACT_RATE_LIMIT_PER_MINUTE. */
  CONTACT_RATE_LIMIT_IPV6_48_PER_MINUTE: z.coerce.number().int().min(0).optional(),
  /**
   * Submissions per minute from all clients together (each accepted lead is a Meta event and a sales alert); 0: none.
   * Unset: 100, or none when CONTACT_RATE_LIMIT_PER_MINUTE=0 says the server runs without limits.
   */
  CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE: z.coerce.number().int().min(0).optional(),
  /**
   * The server's own Supabase credential (Supabase's secret key, or the legacy service-role key): PostgREST runs it as
   * service_role. Only the visit counts and the results use it (lib/analytics/); the contact insert keeps the anon key.
   */
  SUPABASE_SECRET_KEY: optional,
  /**
   * Signs each call to the meta-conversion function (the function holds the same secret and refuses unsigned calls).
   */
  CONVERSION_SIGNING_SECRET: optional,
};

/** Visits, visitors, form starts and field speed per page and campaign (lib/analytics/), and who may read them. */
const countVariables = {
  /** `off`: the beacon counts nothing (it still answers 204) and no credential is needed for it. */
  COUNT_VISITS: optional.pipe(z.enum(["off"], "must be off, or unset").optional()),
  /** Beacons (visits, form starts, field speed) per minute from one address; 0: no limit. */
  VISIT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(60),
  /** Beacons per minute from everyone together (per instance, or shared on Redis); 0: no limit. */
  VISIT_RATE_LIMIT_GLOBAL_PER_MINUTE: z.coerce.number().int().min(0).default(6000),
  /** How often each instance writes its buffered counts (one write per slice at most that often). */
  COUNTS_FLUSH_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  /** A bearer token for GET /api/results (scripts, BI tools, `npm run dev`); 32 characters or more in production. */
  RESULTS_READ_TOKEN: optional,
};

/** The conversion actions per stage: `lead=111,qualified=222,customer=333` (a stage left out is not sent to Google). */
const conversionActions = optional.pipe(
  z
    .string()
    .transform((list, ctx) => {
      const actions: Partial<Record<ConversionStage, string>> = {};
      for (const entry of list
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)) {
        const [stage, id] = entry.split("=", 2).map((part) => part.trim());
        if (!(CONVERSION_STAGES as readonly string[]).includes(stage ?? "") || !id || !/^\d{1,20}$/.test(id)) {
          ctx.addIssue({
            code: "custom",
            message: `must be stage=conversion action id pairs (stages: ${CONVERSION_STAGES.join(", ")}), e.g. lead=111,qualified=222,customer=333; "${entry}" is not`,
          });
          return z.NEVER;
        }
        actions[stage as ConversionStage] = id;
      }
      if (Object.keys(actions).length === 0) {
        ctx.addIssue({ code: "custom", message: "names no conversion action" });
        return z.NEVER;
      }
      return actions;
    })
    .optional(),
);

/** A Google Ads customer id: 10 digits, hyphens allowed as Google Ads shows them (123-456-7890). */
const customerId = optional.pipe(
  z
    .string()
    .transform((id) => id.replace(/-/g, ""))
    .pipe(z.string().regex(/^\d{10}$/, "must be a 10-digit Google Ads customer id (123-456-7890)"))
    .optional(),
);

/**
 * Sales' verdicts (the email's signed links and the CRM endpoint) and the conversions the ad platforms get: Google Ads
 * through the Data Manager API (lib/google/), Meta through the meta-conversion function.
 */
const stageVariables = {
  /** Signs the email's stage links and checks the CRMs' HMAC signatures (32+ characters, a secret of its own). */
  LEAD_STAGE_SECRET: optional,
  /** A bearer token for CRMs that cannot compute an HMAC without a code step (32+ characters). */
  LEAD_STAGE_TOKEN: optional,
  /** The Google Ads account that receives the conversions (it owns the conversion actions). */
  GOOGLE_ADS_OPERATING_ACCOUNT: customerId,
  /** The manager account the credentials sign in to, when they reach the operating account through one. */
  GOOGLE_ADS_LOGIN_ACCOUNT: customerId,
  GOOGLE_ADS_CONVERSION_ACTIONS: conversionActions,
  /** A service-account key (JSON, or the path of its file) or an OAuth client with a refresh token (authorized_user). */
  GOOGLE_ADS_CREDENTIALS: optional,
  /** The OAuth token endpoint, replacing the key's token_uri (and Google's default); tests point it at a local one. */
  GOOGLE_OAUTH_TOKEN_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** The Data Manager API's origin; tests and staging point it elsewhere, as SANITY_API_HOST. */
  GOOGLE_DATA_MANAGER_URL: optional
    .pipe(z.url({ protocol: /^https?$/ }).optional())
    .transform((url) => (url ?? "https://datamanager.googleapis.com").replace(/\/+$/, "")),
};

/** Proof of work: what each lead costs the browser that sends it (see lib/proof-of-work/). */
const proofVariables = {
  /** Signs the form's proof-of-work challenges; a production server needs one of 32 characters or more. */
  CONTACT_PROOF_SECRET: optional,
  /** `off`: every lead counts as proven (load tests and the benchmark only); a warning at every start says so. */
  CONTACT_PROOF: optional.pipe(z.enum(["off"], "must be off, or unset").optional()),
  /**
   * The difficulty: a challenge's secret number is at most this, so a browser tries half of it on average. Raise it
   * while scripts flood the form (each lead costs them more), lower it for a test suite; see docs/security.md.
   */
  CONTACT_PROOF_MAX_NUMBER: z.coerce.number().int().min(1_000).max(5_000_000).default(PROOF_MAX_NUMBER),
};

/** An email sender: an address, or a name and an address. */
const sender = optional.pipe(
  z
    .string()
    .refine(
      (from) => z.email().safeParse(/<([^<>]+)>$/.exec(from)?.[1] ?? from).success,
      "must be an email address, or a name and <address>",
    )
    .optional(),
);

/** The variable that names one market's own sales recipients: SALES_EMAIL_TO_MX for mx. */
export const marketRecipientsVariable = <M extends Market>(market: M) =>
  `SALES_EMAIL_TO_${market.toUpperCase() as Uppercase<M>}` as const;
export type MarketRecipientsVariable = ReturnType<typeof marketRecipientsVariable<Market>>;

/**
 * Sales alerts: an email per new lead over SMTP, and a signed webhook for CRMs. And the lead's own confirmation email,
 * through the same SMTP server from a customer-facing sender.
 */
const alertVariables = {
  /** smtp:// (STARTTLS when offered) or smtps:// (TLS from the start), credentials in the URL. */
  SMTP_URL: optional.pipe(
    z
      .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL (smtps://user:password@host:465)" })
      .optional(),
  ),
  /** The sender: an address, or a name and an address ("Puente Pagos <alertas@puentepagos.com>"). */
  SALES_EMAIL_FROM: sender,
  /** Who gets every market's leads; SALES_EMAIL_TO_<MARKET> (marketRecipientsVariable) replaces it for one market. */
  SALES_EMAIL_TO: addressList,
  ...(Object.fromEntries(MARKETS.map((market) => [marketRecipientsVariable(market), addressList])) as Record<
    MarketRecipientsVariable,
    typeof addressList
  >),
  /** Receives each new lead as signed JSON (HubSpot, Slack workflows, n8n, Zapier). */
  LEAD_WEBHOOK_URL: optional.pipe(
    z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  ),
  /** Signs each webhook call (X-Signature); the receiver checks it with the same secret. */
  LEAD_WEBHOOK_SECRET: optional,
  /**
   * The confirmation email's sender, as leads see it ("Puente Pagos <hola@puentepagos.com>"); unset: no confirmation.
   */
  LEAD_EMAIL_FROM: sender,
  /** Confirmation emails per hour from the whole site, all instances together (each address gets at most 3 a day). */
  LEAD_EMAIL_PER_HOUR: z.coerce.number().int().min(1).default(60),
};

const redisUrl = optional.pipe(
  z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
);

/** The platform: proxy headers, several instances, HTTP headers compiled at build time. */
const platformVariables = {
  /** Where `next build` writes and `next start` reads; tests keep a second build (Sanity mode) beside the main one. */
  NEXT_DIST_DIR: z.string().default(".next"),
  /**
   * `1`: `next build` skips its own TypeScript check, for a build whose files `npm run typecheck` (tsc over the whole
   * project) has just checked; the test suite's builds set it. A deploy leaves it unset.
   */
  SKIP_BUILD_TYPECHECK: optional.pipe(z.stringbool().optional()).transform(Boolean),
  /**
   * `1`: `next build` neither reads nor writes Turbopack's cache in <dist dir>/cache, for a machine that throws the
   * build away (CI on a fresh clone sets it: writing the cache was a quarter of a cold build's CPU). A deploy that
   * keeps .next/cache between builds leaves it unset, so the next build starts warm.
   */
  SKIP_BUILD_CACHE: optional.pipe(z.stringbool().optional()).transform(Boolean),
  /** The request header the proxy in front of the server sets to the client's address (lower-cased). */
  CLIENT_IP_HEADER: headerName("x-real-ip"),
  /**
   * The request header in which the proxy passes on the host the visitor asked for (e.g. x-forwarded-host), when
   * the site answers on hosts besides NEXT_PUBLIC_SITE_URL's; its value then counts as this site's own origin.
   */
  FORWARDED_HOST_HEADER: headerName("x-forwarded-host"),
  /** Set to 1 by Vercel on its builds and functions: the platform whose client-address header is known. */
  VERCEL: optional,
  /** Vercel: the project's production domain (no scheme), the site URL when NEXT_PUBLIC_SITE_URL is unset. */
  VERCEL_PROJECT_PRODUCTION_URL: optional,
  /** HSTS extensions, opt-in because both are hard to undo for a company domain (build-time: headers are compiled). */
  HSTS_INCLUDE_SUBDOMAINS: optional.pipe(z.stringbool().optional()).transform(Boolean),
  HSTS_PRELOAD: optional.pipe(z.stringbool().optional()).transform(Boolean),
  /**
   * The records every instance shares and nothing may evict (spent proofs, rate limits, email and held caps), in this
   * Redis (redis:// or rediss://), provisioned with maxmemory-policy noeviction.
   */
  REDIS_URL: redisUrl,
  /**
   * `redis`: the page cache (rendered pages and content reads) is shared by every instance, in PAGE_CACHE_REDIS_URL.
   * Read when building (next.config.ts configures the cache handler then) and at start; unset: Next's own cache.
   */
  PAGE_CACHE: optional.pipe(z.enum(["redis"], "must be redis, or unset").optional()),
  /** The page cache's own Redis, apart from REDIS_URL's, provisioned to evict (maxmemory, allkeys-lru). */
  PAGE_CACHE_REDIS_URL: redisUrl,
  /**
   * `1`: the Redis servers sit on a private network only the servers reach: plain redis:// to another machine, and no
   * password, are then accepted (REDIS_URL and PAGE_CACHE_REDIS_URL).
   */
  REDIS_ALLOW_PLAINTEXT: optional.pipe(z.stringbool().optional()).transform(Boolean),
  /**
   * The host the Studio is served on, apart from the landing pages' origin (e.g. studio.pagos.example): /studio is
   * answered there and nowhere else, and nothing but the Studio is answered there. Needed at build time too (the
   * pages may then be framed by it, for the Presentation tool).
   */
  STUDIO_HOST: optional.pipe(
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+(?::\d{1,5})?$/, "must be a host name, optionally with a port (studio.pagos.example)")
      .optional(),
  ),
};

/** Operations: logs and traces. */
const operationsVariables = {
  LOG_LEVEL: logLevelSchema,
  /** The request header in which the platform or proxy puts its own request id (lower-cased); else one is generated. */
  REQUEST_ID_HEADER: headerName("x-request-id"),
  /** OTLP/HTTP collector; traces are exported only when this (or the traces-only variant) is set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optional.pipe(otlpUrl),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optional.pipe(otlpUrl),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default("puente-pagos-site"),
  /**
   * `1`: the proxy in front sets (or replaces) the W3C `traceparent` of every request, so its trace is continued.
   * Otherwise a request's own traceparent is ignored: a client would choose the trace id and turn sampling off.
   */
  TRACEPARENT_FROM_PROXY: optional.pipe(z.stringbool().optional()).transform(Boolean),
};

/** Every server-side variable, by concern; `NEXT_PUBLIC_*` ones are in public-env.ts. */
export const serverSchema = z.object({
  ...contentVariables,
  ...leadVariables,
  ...countVariables,
  ...stageVariables,
  ...proofVariables,
  ...alertVariables,
  ...platformVariables,
  ...operationsVariables,
});

export type ServerEnv = PublicEnv & z.infer<typeof serverSchema>;
