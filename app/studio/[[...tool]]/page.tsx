import type { Metadata } from "next";
import { metadata as studioMetadata } from "next-sanity/studio";
import { contentBackend, readPublicEnv } from "@/lib/env/env";
import { LazyStudio } from "../_components/lazy-studio";
import { StudioSetup } from "../_components/studio-setup";

export const dynamic = "force-static";

export { viewport } from "next-sanity/studio";

const connected = () => contentBackend(readPublicEnv()) === "sanity";

/** Sanity's defaults (no indexing, same-origin referrer) and a title the tab and assistive technology can name. */
export function generateMetadata(): Metadata {
  return { ...studioMetadata, title: connected() ? "Puente Pagos Studio" : "Studio not connected · Puente Pagos" };
}

/**
 * The embedded Studio: its own route and root layout, so none of it reaches the landing pages' bundle. With no
 * Sanity project there is nothing for the Studio to talk to, so the page explains how content works instead (and
 * the Studio's code is never sent).
 */
export default function StudioPage() {
  return connected() ? <LazyStudio /> : <StudioSetup />;
}
