import { z } from "zod";
import { optional } from "./env-fields.ts";
import { requirePairs, fail } from "./env-errors.ts";
import { SANITY_API_VERSION } from "../content/sanity-api-version.ts";

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
    .default(SANITY_API_VERSION),
  NEXT_PUBLIC_META_PIXEL_ID: optional.pipe(z.string().regex(/^\d+$/, "must be digits").optional()),
});

export type PublicEnv = z.infer<typeof publicSchema>;

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

/** Where content comes from: Sanity when a project is configured, else the seed dataset in the repo. */
export function contentBackend(env: PublicEnv): "sanity" | "embedded" {
  return env.NEXT_PUBLIC_SANITY_PROJECT_ID ? "sanity" : "embedded";
}

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
