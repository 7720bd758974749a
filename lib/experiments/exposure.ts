import { cookieVariant, EXPERIMENT_COOKIE } from "./experiment-cookie.ts";
import type { RunningExperiment } from "./experiment-content.ts";
import { variantId } from "./experiment-keys.ts";

/** The experiments cookie's value in a Cookie header (the first of that name). */
export function experimentCookieOf(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === EXPERIMENT_COOKIE) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The variant a visit or a lead on `page` counts under (`<experiment>--<variant>`), read from the experiments cookie
 * the proxy set: only a variant of the experiment running on that page, so what is counted is what the proxy
 * showed. Anything else (no experiment there, a cookie of a stopped one, a variant it does not have): '' (none).
 */
export function exposedVariant(
  page: string,
  cookieHeader: string | null | undefined,
  running: readonly RunningExperiment[],
): string {
  const experiment = running.find((e) => e.page === page);
  if (!experiment) return "";
  const variant = cookieVariant(experimentCookieOf(cookieHeader), experiment.key);
  return variant && experiment.variants.some((v) => v.key === variant) ? variantId(experiment.key, variant) : "";
}
