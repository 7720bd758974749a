import { contentBackend, readPublicEnv } from "@/lib/env/env";
import { LazyStudio } from "../_components/lazy-studio";
import { StudioSetup } from "../_components/studio-setup";

export const dynamic = "force-static";

export { metadata, viewport } from "next-sanity/studio";

/**
 * The embedded Studio: its own route and root layout, so none of it reaches the landing pages' bundle. With no
 * Sanity project there is nothing for the Studio to talk to, so the page explains how content works instead (and
 * the Studio's code is never sent).
 */
export default function StudioPage() {
  return contentBackend(readPublicEnv()) === "sanity" ? <LazyStudio /> : <StudioSetup />;
}
