import { createImageUrlBuilder } from "@sanity/image-url";
import { contentBackend, type PublicEnv } from "../env/env";
import type { ContentImage } from "./content-fields";

/** Where the embedded dataset's images are served from (app/seed-images), under Sanity's own file names. */
export const SEED_IMAGES_PATH = "/seed-images";

/** The Sanity project images are served from, when the content comes from Sanity. */
export function sanityImageProject(env: PublicEnv): { projectId: string; dataset: string } | undefined {
  return contentBackend(env) === "sanity"
    ? { projectId: env.NEXT_PUBLIC_SANITY_PROJECT_ID!, dataset: env.NEXT_PUBLIC_SANITY_DATASET! }
    : undefined;
}

export type ImageSources = { src: string; srcSet?: string };

/**
 * The URLs of a content image shown `width` CSS pixels wide (and `height` high, cropped around the hotspot, when
 * given): from Sanity's image CDN at that width and twice it (sharp on high-density screens), in the best format the
 * browser accepts; on the embedded dataset, the seed's own file, served by this site (nothing is fetched elsewhere).
 */
export function imageSources(
  image: ContentImage,
  env: PublicEnv,
  { width, height }: { width: number; height?: number },
): ImageSources {
  const project = sanityImageProject(env);
  if (!project) return { src: `${SEED_IMAGES_PATH}/${image.file}` };
  const url = (scale: number) => {
    const sized = createImageUrlBuilder(project)
      .image(image)
      .width(Math.round(width * scale))
      .auto("format");
    return (height ? sized.height(Math.round(height * scale)).fit("crop") : sized).url();
  };
  return { src: url(1), srcSet: `${url(1)} 1x, ${url(2)} 2x` };
}
