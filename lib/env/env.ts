import { z } from "zod";

/**
 * The one module that reads and checks environment variables. Every variable is optional: a missing
 * service selects the embedded default (seed dataset for content, PGlite for leads), but a half-configured
 * service fails at start with the name of the missing variable.
 *
 * `NEXT_PUBLIC_*` values are read with literal `process.env.NAME` so Next inlines them into the browser
 * bundle; secrets are only read by `readServerEnv()`, which `lib/env/server-env.ts` guards with `server-only`.
 */

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const publicSchema = z.object({
  NEXT_PUBLIC_SITE_URL: z.url().default("http://localhost:3000"),
  NEXT_PUBLIC_SANITY_PROJECT_ID: optional.pipe(
    z.string().regex(/^[a-z0-9-]+$/, "must be a Sanity project id (lower-case letters, digits, dashes)").optional(),
  ),
  NEXT_PUBLIC_SANITY_DATASET: optional.pipe(
    z.string().regex(/^[a-z0-9_-]+$/, "must be a Sanity dataset name").optional(),
  ),
  NEXT_PUBLIC_SANITY_API_VERSION: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).default("2025-10-01"),
  NEXT_PUBLIC_META_PIXEL_ID: optional.pipe(z.string().regex(/^\d+$/, "must be digits").optional()),
});

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
  // Several instances: the contact rate limit and the page cache live in this Redis (redis:// or rediss://).
  REDIS_URL: optional.pipe(z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional()),
});

export type PublicEnv = z.infer<typeof publicSchema>;
export type ServerEnv = PublicEnv & z.infer<typeof serverSchema>;

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
  requirePairs(parsed.data, [["SUPABASE_URL", "SUPABASE_ANON_KEY"]]);
  const env = { ...pub, ...parsed.data };
  // Redis means several instances; the embedded database is one process's disk, so their leads would scatter.
  if (env.REDIS_URL && leadsBackend(env) === "embedded") {
    const message = "is set (several instances share it), so leads need Supabase: set SUPABASE_URL and SUPABASE_ANON_KEY (the embedded PGlite store serves one process only)";
    fail(new z.ZodError([{ code: "custom", path: ["REDIS_URL"], message, input: undefined }]));
  }
  return env;
}

/** Where content comes from: Sanity when a project is configured, else the seed dataset in the repo. */
export function contentBackend(env: PublicEnv): "sanity" | "embedded" {
  return env.NEXT_PUBLIC_SANITY_PROJECT_ID ? "sanity" : "embedded";
}

/** Where leads go: Supabase when configured, else the embedded PGlite database. */
export function leadsBackend(env: ServerEnv): "supabase" | "embedded" {
  return env.SUPABASE_URL ? "supabase" : "embedded";
}
