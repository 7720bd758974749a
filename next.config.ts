import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { addCompileHints } from "./lib/build/compile-hints";
import { writePhoneMetadata } from "./lib/build/phone-metadata";
import { writePageScripts } from "./lib/build/page-scripts";
import { leavePageChunksToLoader, startAfterFirstPaint } from "./lib/build/start-after-paint";
import { buildSiteUrl, contentBackend, readServerEnv } from "./lib/env/env";
import { DEFAULT_MARKET, MARKET_CODES_PATTERN } from "./lib/markets/markets";
import { SEED_IMAGE_CSP, commonHeaders, landingCsp, studioCsp } from "./lib/security-headers";

// Checked when `next dev`, `next build` or `next start` loads this file: a half-configured service stops the
// process here with the name of the missing variable.
const env = readServerEnv();
const cspOptions = {
  dev: process.env.NODE_ENV === "development",
  sanityProjectId: contentBackend(env) === "sanity" ? env.NEXT_PUBLIC_SANITY_PROJECT_ID : undefined,
  metaPixel: Boolean(env.NEXT_PUBLIC_META_PIXEL_ID),
  // A Studio on a host of its own frames the pages across origins (same scheme as the site).
  studioOrigin: env.STUDIO_HOST ? `${new URL(env.NEXT_PUBLIC_SITE_URL).protocol}//${env.STUDIO_HOST}` : undefined,
  siteOrigin: new URL(env.NEXT_PUBLIC_SITE_URL).origin,
};

const sharedPageCache = env.PAGE_CACHE === "redis";
// The build's id, chosen here once per build (the build's later processes inherit it) rather than by Next: the page
// cache handler keys its entries by build, and its copy compiled into proxy.ts cannot read Next's id, so it reads
// this one, inlined below.
const pageCacheBuildId = sharedPageCache ? (process.env.PAGE_CACHE_BUILD_ID ??= randomUUID()) : undefined;

const nextConfig = (phase: string): NextConfig => ({
  ...(pageCacheBuildId ? { generateBuildId: () => pageCacheBuildId } : {}),
  env: {
    ...(pageCacheBuildId ? { PAGE_CACHE_BUILD_ID: pageCacheBuildId } : {}),
    // The site's origin is inlined at build time (canonical links, hreflang, sitemap): a build must have one.
    // (`next typegen` loads this file in the build phase too, and needs none.)
    ...(phase === PHASE_PRODUCTION_BUILD && process.argv.includes("build")
      ? { NEXT_PUBLIC_SITE_URL: siteUrlOrStop() }
      : {}),
    // Inlined even when empty, so the Studio's route can leave the Studio out of a build or a dev server without a
    // project (see its page).
    NEXT_PUBLIC_SANITY_PROJECT_ID: env.NEXT_PUBLIC_SANITY_PROJECT_ID ?? "",
  },
  distDir: env.NEXT_DIST_DIR,
  typescript: { ignoreBuildErrors: env.SKIP_BUILD_TYPECHECK },
  // Containers run `node server.js` from .next/standalone (see Dockerfile); the files the server reads from disk
  // at run time (migrations for the embedded store, the seed dataset) are copied along.
  output: "standalone",
  outputFileTracingIncludes: { "/**": ["./supabase/migrations/*.sql", "./studio/seed/landing.ndjson"] },
  // PAGE_CACHE=redis: pages and content reads are shared by every instance, in PAGE_CACHE_REDIS_URL (see the file).
  // Otherwise Next's own cache: the platform's where one is installed (Vercel), else the file system. Decided when
  // building: the standalone server keeps the configuration it was built with.
  cacheHandler: sharedPageCache
    ? fileURLToPath(new URL("./lib/cache/page-cache-handler.ts", import.meta.url))
    : undefined,
  // Before pages are prerendered and before anything copies the static files: the start-up chunks get V8's
  // compile hint, then a loader that starts them and the page's own chunks once the first frame is painted (see
  // each file).
  compiler: {
    runAfterProductionCompile: async ({ distDir }) => {
      await addCompileHints(distDir);
      await startAfterFirstPaint(distDir);
      await leavePageChunksToLoader(distDir);
    },
  },
  poweredByHeader: false,
  // `next dev` prints each request's URL: not the stage links', whose query carries a signed token.
  logging: { incomingRequests: { ignore: [/^\/lead-stage\//] } },
  // Metadata always goes in <head>. Next streams it into <body> on pages rendered per request (the error screen, a
  // draft preview) whenever generateMetadata resolves after the shell: invalid HTML, and a title that appears late.
  // The landing pages are prerendered, so this costs them nothing.
  htmlLimitedBots: /.*/,
  reactStrictMode: true,
  // SRI: every <script src> of Next's carries the sha256 of the file the build wrote (see lib/security-headers.ts).
  experimental: {
    globalNotFound: true,
    sri: { algorithm: "sha256" },
    turbopackFileSystemCacheForBuild: !env.SKIP_BUILD_CACHE,
  },
  async redirects() {
    // docs/requirements.md#routes-and-languages: "/" replaces its history entry with the default market's page, so a
    // server-side temporary redirect.
    return [{ source: "/", destination: `/${DEFAULT_MARKET}`, permanent: false }];
  },
  async rewrites() {
    // The routes a proxy.ts header names (x-page-route, see lib/campaign/campaign-routing.ts) have no address of their
    // own: a path that names one without the header is a path like any other.
    const routed = (route: string) => [{ type: "header" as const, key: "x-page-route", value: route }];
    return {
      beforeFiles: [
        // A route's folder reached from outside, below anything but a market: no page there (below a market, the rule
        // at the end shows the market's page).
        {
          source: `/:first((?!(?:${MARKET_CODES_PATTERN})/)[^/]+)/:route(campaign|draft|variant)/:rest*`,
          missing: [{ type: "header", key: "x-page-route" }],
          destination: "/_unknown/_/:first/:route/:rest*",
        },
        // A page's variant under a running experiment (lib/experiments/variant-routing.ts): the market's page or a
        // campaign page, one cached route per variant.
        {
          source: `/:market(${MARKET_CODES_PATTERN})/:rest*`,
          has: [
            ...routed("variant"),
            { type: "header", key: "x-page-variant", value: "(?<page>_|[a-z0-9-]+)\\.(?<variant>[a-z0-9-]+)" },
          ],
          destination: "/:market/variant/:page/:variant",
        },
        {
          source: `/:market(${MARKET_CODES_PATTERN})/:slug`,
          has: routed("campaign"),
          destination: "/:market/campaign/:slug",
        },
        {
          source: `/:market(${MARKET_CODES_PATTERN})/:slug`,
          has: routed("draft"),
          destination: "/:market/draft/:slug",
        },
        // Every path below /studio is the one Studio page: its router reads the rest of the path in the browser.
        { source: "/studio/:path+", has: routed("studio"), destination: "/studio" },
        // Any other path below a market prefix shows that market's landing page, served from the same static page.
        {
          source: `/:market(${MARKET_CODES_PATTERN})/:rest+`,
          missing: [{ type: "header", key: "x-page-route" }],
          destination: "/:market",
        },
      ],
      // Any other one-segment path (files and static routes were matched before this) goes to a path no route matches,
      // hence straight to the 404 page. Otherwise /[market] would take it first and reject it, and Next would render
      // the 404 a second time on the same response (in next dev every 404 logged twice, with a
      // MaxListenersExceededWarning from the second render's listeners), inside the market layout rather than as the
      // site's 404 page, which logs it.
      afterFiles: [
        { source: `/:path((?!(?:${MARKET_CODES_PATTERN}|studio)$)[^/]+)`, destination: "/_unknown/_/:path" },
      ],
      fallback: [],
    };
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          ...commonHeaders({ includeSubDomains: env.HSTS_INCLUDE_SUBDOMAINS, preload: env.HSTS_PRELOAD }),
          { key: "Content-Security-Policy", value: landingCsp(cspOptions) },
        ],
      },
      // A later rule's value for the same header replaces an earlier one's.
      { source: "/studio/:path*", headers: [{ key: "Content-Security-Policy", value: studioCsp(cspOptions) }] },
      { source: "/seed-images/:path*", headers: [{ key: "Content-Security-Policy", value: SEED_IMAGE_CSP }] },
      // Sales' confirmation page and its button: their URLs carry a signed token, which no Referer may take elsewhere,
      // and no search engine may keep (a later rule's value for the same header replaces an earlier one's).
      ...["/lead-stage/:path*", "/api/leads/stage/confirm"].map((source) => ({
        source,
        headers: [
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "X-Robots-Tag", value: "noindex, nofollow" },
        ],
      })),
    ];
  },
});

/** One line and a non-zero exit, rather than a stack trace through Next's config loader. */
function siteUrlOrStop(): string {
  try {
    return buildSiteUrl();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

export default function configFor(phase: string): NextConfig {
  // The form's phone metadata and the page's inline scripts are generated before anything compiles (see the
  // files); `next start` serves a build.
  if (phase === PHASE_DEVELOPMENT_SERVER || phase === PHASE_PRODUCTION_BUILD) {
    const root = fileURLToPath(new URL(".", import.meta.url));
    writePhoneMetadata(root);
    writePageScripts(root);
  }
  return nextConfig(phase);
}
