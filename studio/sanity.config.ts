"use client";

// Evaluated in the browser only: the Studio is a client application, even when the embedding page is a server
// component.
import { visionTool } from "@sanity/vision";
import { defineConfig } from "sanity";
import { defineLocations, presentationTool } from "sanity/presentation";
import { structureTool } from "sanity/structure";
import { SANITY_API_VERSION } from "../lib/content/sanity-api-version";
import { DEFAULT_MARKET, MARKETS, MARKET_NAMES, isMarket } from "../lib/markets/markets";
import { schemaTypes } from "../schemas";
import { CAMPAIGN_TEMPLATE, structure } from "./structure";
import { ToolMenuWithLanguage } from "./language-menu";
import { resultsTool } from "./results-tool/results-tool";
import { ShipVariantAction, StopExperimentAction } from "./experiment-actions";
import { deskBundles, englishByDefault, localePlugins } from "./studio-locales";

// Literal process.env reads so Next inlines them; the placeholders keep offline `sanity build` working.
const projectId = process.env.NEXT_PUBLIC_SANITY_PROJECT_ID || "local";
const dataset = process.env.NEXT_PUBLIC_SANITY_DATASET || "production";
const apiVersion = process.env.NEXT_PUBLIC_SANITY_API_VERSION || SANITY_API_VERSION;

const SINGLETONS = ["landingPage", "privacyNotice"];

/**
 * The site's origin when this Studio is served on a host of its own (STUDIO_HOST): the Presentation tool then
 * previews the site across origins. On the site's own origin (or in `sanity dev`), relative paths as before.
 */
function siteOrigin(): string | undefined {
  const site = process.env.NEXT_PUBLIC_SITE_URL;
  if (process.env.NODE_ENV !== "production" || !site || typeof window === "undefined") return undefined;
  const origin = new URL(site).origin;
  return origin === window.location.origin ? undefined : origin;
}

export default defineConfig({
  name: "default",
  title: "Puente Pagos",
  projectId,
  dataset,
  basePath: "/studio",
  plugins: [
    structureTool({ structure }),
    presentationTool({
      previewUrl: {
        origin: siteOrigin(),
        initial: `/${DEFAULT_MARKET}`,
        previewMode: { enable: "/api/draft-mode/enable", disable: "/api/draft-mode/disable" },
      },
      resolve: {
        mainDocuments: MARKETS.flatMap((market) => [
          // A campaign page at its own address; any other address below a market shows the market's page.
          {
            route: `/${market}/:slug`,
            filter: `_type == "campaignPage" && market == "${market}" && slug.current == $slug`,
          },
          { route: [`/${market}`, `/${market}/*`], filter: `_type == "landingPage" && market == "${market}"` },
        ]),
        locations: {
          landingPage: defineLocations({
            select: { market: "market", title: "hero.title" },
            resolve: (doc) =>
              isMarket(doc?.market)
                ? { locations: [{ title: `${MARKET_NAMES[doc.market]}: ${doc?.title ?? ""}`, href: `/${doc.market}` }] }
                : null,
          }),
          campaignPage: defineLocations({
            select: { market: "market", slug: "slug.current", title: "seo.title" },
            resolve: (doc) =>
              isMarket(doc?.market) && doc?.slug
                ? {
                    locations: [
                      { title: doc.title ?? doc.slug, href: `/${doc.market}/${doc.slug}` },
                      { title: MARKET_NAMES[doc.market], href: `/${doc.market}` },
                    ],
                  }
                : null,
          }),
          // The notice lives over its market's landing page, opened by its fragment.
          privacyNotice: defineLocations({
            select: { market: "market", title: "title" },
            resolve: (doc) =>
              isMarket(doc?.market)
                ? {
                    locations: [
                      {
                        title: `${MARKET_NAMES[doc.market]}: ${doc?.title ?? ""}`,
                        href: `/${doc.market}#privacy-notice`,
                      },
                    ],
                  }
                : null,
          }),
        },
      },
    }),
    visionTool({ defaultApiVersion: apiVersion }),
    // What converts: visits, visitors, form starts and leads per page and campaign (GET /api/results).
    resultsTool(),
    // Spanish and Brazilian Portuguese beside English: each marketer picks one in the navbar's language menu.
    ...localePlugins,
  ],
  i18n: { locales: englishByDefault, bundles: deskBundles },
  // The session as a token in this browser, never a cookie of Sanity's domain: the Results tool sends it to this
  // site's /api/results, which checks it with Sanity (a cookie session would leave the tool nothing to send).
  auth: { loginMethod: "token" },
  studio: { components: { toolMenu: ToolMenuWithLanguage } },
  schema: {
    types: schemaTypes,
    // One landing document and one privacy notice per market: marketers edit them, they never create new ones.
    // Campaign pages are created within a market (studio/structure.ts), which the template sets.
    templates: (templates) => [
      ...templates.filter((t) => !SINGLETONS.includes(t.schemaType) && t.schemaType !== "campaignPage"),
      {
        id: CAMPAIGN_TEMPLATE,
        title: "Campaign page",
        schemaType: "campaignPage",
        parameters: [{ name: "market", type: "string" }],
        value: ({ market }: { market: string }) => ({ market, indexed: false }),
      },
    ],
  },
  document: {
    newDocumentOptions: (prev) => prev.filter((item) => !SINGLETONS.includes(item.templateId)),
    actions: (prev, { schemaType }) =>
      SINGLETONS.includes(schemaType)
        ? prev.filter((a) => !["delete", "duplicate", "unpublish"].includes(a.action ?? ""))
        : schemaType === "experiment"
          ? [...prev, StopExperimentAction, ShipVariantAction]
          : prev,
  },
});
