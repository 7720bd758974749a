import { createImageUrlBuilder } from "@sanity/image-url";
import type { LandingContent } from "../content/landing-content";
import type { Market } from "../markets/markets";

/** The size link previews (Open Graph, X/Twitter large cards) render best at. */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

type Project = { projectId: string; dataset: string } | undefined;

/**
 * A market's social image: the one marketers uploaded in Sanity (cropped to 1200×630 by Sanity's image CDN), or
 * the one generated at build time from the market's copy (app/og/[market]). An upload needs a Sanity project to
 * be served from, so on the embedded dataset the generated image is used.
 */
export function socialImage(market: Market, ogImage: LandingContent["seo"]["ogImage"], project: Project) {
  if (ogImage && project) {
    const url = createImageUrlBuilder(project)
      .image(ogImage)
      .width(OG_IMAGE_SIZE.width)
      .height(OG_IMAGE_SIZE.height)
      .fit("crop")
      .format("jpg")
      .url();
    return { url, ...OG_IMAGE_SIZE, type: "image/jpeg" };
  }
  return { url: `/og/${market}`, ...OG_IMAGE_SIZE, type: "image/png" };
}
