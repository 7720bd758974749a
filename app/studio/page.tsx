import type { Metadata, Viewport } from "next";
import { contentBackend, readPublicEnv } from "@/lib/env/env";
import { StudioSetup, StudioUnavailable } from "./_components/studio-setup";

export const dynamic = "force-static";

// next-sanity/studio's defaults, written out: importing that entry point would compile the whole Studio into every
// build, including one without a Sanity project.
export const viewport: Viewport = { width: "device-width", initialScale: 1, viewportFit: "cover" };
const studioMetadata: Metadata = { referrer: "same-origin", robots: "noindex" };

const connected = () => contentBackend(readPublicEnv()) === "sanity";
const development = process.env.NODE_ENV === "development";

/** Sanity's defaults (no indexing, same-origin referrer) and a title the tab and assistive technology can name. */
export function generateMetadata(): Metadata {
  const title = connected()
    ? "Puente Pagos Studio"
    : development
      ? "Studio not connected · Puente Pagos"
      : "No Studio · Puente Pagos";
  return { ...studioMetadata, title };
}

/**
 * The embedded Studio: its own route and root layout, so none of it reaches the landing pages' bundle. With no
 * Sanity project there is nothing for the Studio to talk to (and the Studio's code is never sent): `npm run dev`
 * explains how content works instead, and a production server says only that it has no Studio, never how it keeps
 * its content.
 */
export default async function StudioPage() {
  // The project id as the bundler sees it (next.config.ts inlines it, empty without a project) rather than
  // connected(): the bundler drops an import behind a condition it settles at build time, so a build or dev server
  // without a project never compiles the Studio, which would be most of its work.
  if (process.env.NEXT_PUBLIC_SANITY_PROJECT_ID) {
    const { LazyStudio } = await import("./_components/lazy-studio");
    return (
      <>
        <noscript>The Studio needs JavaScript: enable it in your browser, then reload this page.</noscript>
        <LazyStudio />
      </>
    );
  }
  return development ? <StudioSetup /> : <StudioUnavailable />;
}
