/**
 * Where the Studio may be served when it has a host of its own (STUDIO_HOST): there, only the Studio and the files it
 * loads (and GET /api/results, which its Results tool calls on its own origin; the site's origin answers it too, for
 * scripts); anywhere else, never the Studio. Editors' tokens then live on an origin where no landing-page script (Meta's
 * pixel, for one) ever runs.
 */
export type StudioHostDecision = "serve" | "not-found" | "to-studio-host";

const STUDIO_PATH = /^\/studio(?:\/|$)/;
/** What the Studio page loads from its own origin: Next's files, the icons, and the results its Results tool reads. */
const STUDIO_ASSET = /^\/(?:_next\/|favicon\.ico$|icon\.svg$|api\/results$)/;

export function studioHostDecision(
  studioHost: string | undefined,
  host: string | null,
  path: string,
): StudioHostDecision {
  if (!studioHost) return "serve";
  const onStudioHost = host?.toLowerCase() === studioHost;
  if (onStudioHost) return STUDIO_PATH.test(path) || STUDIO_ASSET.test(path) ? "serve" : "not-found";
  return STUDIO_PATH.test(path) ? "to-studio-host" : "serve";
}
