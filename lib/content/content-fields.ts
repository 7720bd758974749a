import { stegaClean } from "@sanity/client/stega";
import { z } from "zod";
import { COPY_LIMITS, limitMessage, type CopyLimit } from "./copy-limits";

/**
 * The field rules every part of the landing page's contract is built from (the page's own fields and each section
 * type's). A leaf module: the page contract and the section contracts import it, never each other.
 */
export const text = z.string().trim().min(1, "must not be empty");

/**
 * Short copy with a length past which it breaks the layout on a small phone. Counted on the visible text: in a
 * draft preview, copy also carries invisible visual-editing markers.
 */
export const short = (kind: CopyLimit) =>
  text.refine((value) => stegaClean(value).length <= COPY_LIMITS[kind].max, limitMessage(kind, "max"));

/** Optional copy: absent (or blank in the Studio) is `null`. */
export const optionalText = text.nullable();

/** A link visitors follow off the site: https only, so a typo cannot become a `javascript:` or plain-http link. */
export const httpsUrl = z.url({ protocol: /^https$/, error: "must be a full https:// address" });

/**
 * A block's annotations: the Studio offers none (`annotations: []`), and Portable Text's default `link` mark renders
 * any `href`, so a block carrying one (written through the API) is refused rather than rendered.
 */
export const noMarkDefs = z
  .array(z.object({ _key: z.string(), _type: z.string() }).loose())
  .max(0, "holds annotations (links) the Studio cannot make")
  .nullish()
  .transform(() => []);

const span = z.object({
  _type: z.literal("span"),
  _key: z.string(),
  text: z.string(),
  marks: z.array(z.string()).optional(),
});
const block = z.object({
  _type: z.literal("block"),
  _key: z.string(),
  style: z.string().optional(),
  markDefs: noMarkDefs,
  children: z.array(span).min(1),
});
export const portableText = z.array(block).min(1, "needs at least one paragraph");

/** Sanity's id of an uploaded image, which carries the file's intrinsic size: `image-<hash>-<width>x<height>-<ext>`. */
const IMAGE_REF = /^image-([0-9a-f]+)-(\d+)x(\d+)-([a-z0-9]+)$/;

const crop = z.object({ top: z.number(), bottom: z.number(), left: z.number(), right: z.number() }).loose();
const hotspot = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).loose();

/** What a query reads of an image: the asset (whose id carries its size), crop, hotspot and alternative text. */
export const CONTENT_IMAGE_PROJECTION = `asset, "crop": coalesce(crop, null), "hotspot": coalesce(hotspot, null), alt`;

/**
 * An image from the Studio with its alternative text (read with CONTENT_IMAGE_PROJECTION). Its intrinsic size (after
 * the marketer's crop) comes from the asset id, so the page reserves the image's box before it loads (no layout shift)
 * without another query.
 */
export const contentImage = z
  .object({
    asset: z
      .object({ _ref: z.string().regex(IMAGE_REF, "is not an uploaded image") })
      .loose()
      .nullable(),
    crop: crop.nullable(),
    hotspot: hotspot.nullable(),
    alt: text,
  })
  .superRefine((image, ctx) => {
    if (!image.asset) ctx.addIssue({ code: "custom", message: "upload an image" });
  })
  .transform((image) => {
    const [, hash, w, h, extension] = IMAGE_REF.exec(image.asset!._ref)!;
    const c = image.crop ?? { top: 0, bottom: 0, left: 0, right: 0 };
    return {
      asset: { _ref: image.asset!._ref },
      crop: image.crop,
      hotspot: image.hotspot,
      alt: image.alt,
      file: `${hash}-${w}x${h}.${extension}`,
      width: Math.round(Number(w) * (1 - c.left - c.right)),
      height: Math.round(Number(h) * (1 - c.top - c.bottom)),
    };
  });
export type ContentImage = z.infer<typeof contentImage>;
