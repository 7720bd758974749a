import "server-only";
import { cookies } from "next/headers";
import type { Perspective } from "../content/local-dataset";

/**
 * What a draft preview reads: plain drafts, the published documents, or a stack of Content Releases (a scheduled
 * draft is a release of one document) over drafts or published, highest first: `["rSpring", "drafts"]` shows each
 * document as the release will publish it, else its draft, else its published version.
 */
export type PreviewPerspective = Perspective;

/**
 * The cookie next-sanity's defineEnableDraftMode sets when the Presentation tool opens the site: the perspective the
 * marketer chose in the Studio's release menu, comma-separated (@sanity/preview-url-secret's perspectiveCookieName).
 */
export const PERSPECTIVE_COOKIE = "sanity-preview-perspective";

/** A release id, `drafts` or `published`: what a perspective stack may name. */
const LAYER = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The cookie's value as a perspective. Missing, malformed or `raw` (every version of every document at once, which
 * no page can render) is plain drafts, the preview the site had before releases.
 */
export function parsePerspective(value: string | undefined): PreviewPerspective {
  if (value === "published" || value === "drafts") return value;
  const layers = value?.split(",").map((layer) => layer.trim()) ?? [];
  if (layers.length === 0 || layers.length > 20 || !layers.every((layer) => LAYER.test(layer) && layer !== "raw"))
    return "drafts";
  return layers;
}

/** The perspective of this draft-mode request: the Studio's choice, or plain drafts outside the Studio. */
export async function previewPerspective(): Promise<PreviewPerspective> {
  return parsePerspective((await cookies()).get(PERSPECTIVE_COOKIE)?.value);
}
