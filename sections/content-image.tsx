import type { ContentImage as Image } from "@/lib/content/content-fields";
import { imageSources } from "@/lib/content/content-images";
import { readPublicEnv } from "@/lib/env/env";

type Props = { image: Image; className?: string } & (
  { height: number; width?: never; crop?: never } | { width: number; height: number; crop: true }
);

/**
 * A Studio image below the fold: its box is reserved from its intrinsic size (no layout shift when it arrives), it
 * loads lazily, and comes from Sanity's CDN at the size shown (or from the seed on the embedded dataset). Given a
 * height, it keeps its proportions; given both and `crop`, it is cut to that box around its hotspot.
 */
export function ContentImage({ image, className, ...size }: Props) {
  const height = size.height;
  const width = size.crop ? size.width : Math.round((image.width / image.height) * height);
  const sources = imageSources(image, readPublicEnv(), size.crop ? { width, height } : { width });
  // A plain <img>: next/image would add client JavaScript for what the browser does itself (lazy, srcset).
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img
      {...sources}
      alt={image.alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      // No attribute at all rather than an undefined one, which the page's payload would spell out.
      {...(className ? { className } : {})}
    />
  );
}
