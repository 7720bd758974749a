import { NextStudio } from "next-sanity/studio";
import config from "@/studio/sanity.config";

export const dynamic = "force-static";

export { metadata, viewport } from "next-sanity/studio";

/** The embedded Studio: its own route and root layout, so none of it reaches the landing pages' bundle. */
export default function StudioPage() {
  return <NextStudio config={config} />;
}
