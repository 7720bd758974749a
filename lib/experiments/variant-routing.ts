import { isbot } from "isbot";
import { decide, cookieExpiry } from "./assignment";
import {
  EXPERIMENT_COOKIE,
  EXPERIMENT_COOKIE_MAX_DAYS,
  readExperimentCookie,
  writeExperimentCookie,
} from "./experiment-cookie";
import type { RunningExperiment } from "./experiment-content";
import { variantId } from "./experiment-keys";

/**
 * The request header by which proxy.ts names the variant a request is shown, beside x-page-route "variant":
 * `<page>.<experiment>--<variant>`, where the page is a campaign page's slug or MARKET_PAGE for a market's page.
 * next.config.ts rewrites on it to the variant's route (app/[market]/variant/[page]/[variant]); the proxy removes any
 * value a client sent.
 */
export const PAGE_VARIANT_HEADER = "x-page-variant";

/** The variant route's page segment for a market's own page (no campaign slug is an underscore). */
export const MARKET_PAGE = "_";

export type VariantRouting = {
  /** PAGE_VARIANT_HEADER's value; undefined: the page as published (the control, or no experiment). */
  header?: string;
  /** The cookie to set (value and expiry), or null to clear it; undefined: leave it. */
  cookie?: { value: string; expires: Date } | null;
};

/**
 * What proxy.ts does for a request that shows `page` (`/mx`, `/mx/<slug>`; undefined for anything else), given the
 * running experiments, the experiments cookie and the user agent: which variant route to send it to and what to do
 * with the cookie. A declared bot or link preview (isbot) gets the control and no cookie.
 */
export function variantRouting({
  page,
  running,
  cookie,
  userAgent,
  now,
  random,
}: {
  page: string | undefined;
  running: readonly RunningExperiment[];
  cookie: string | undefined;
  userAgent: string;
  now: Date;
  random: () => number;
}): VariantRouting {
  const entries = readExperimentCookie(cookie);
  const decision = decide({ page, running, cookie: entries, bot: !userAgent || isbot(userAgent), random });
  const experiment = page ? running.find((e) => e.page === page) : undefined;
  const routing: VariantRouting = {};
  if (experiment && decision.variant && decision.variant !== experiment.variants[0]!.key) {
    const segment = page!.split("/")[2] ?? MARKET_PAGE;
    routing.header = `${segment}.${variantId(experiment.key, decision.variant)}`;
  }
  if (decision.cookie) {
    routing.cookie =
      decision.cookie.length === 0
        ? null
        : {
            value: writeExperimentCookie(decision.cookie),
            expires: cookieExpiry(decision.cookie, running, now, EXPERIMENT_COOKIE_MAX_DAYS),
          };
  } else if (cookie !== undefined && entries.length === 0) {
    // A cookie of that name with nothing this site wrote: cleared.
    routing.cookie = null;
  }
  return routing;
}

export { EXPERIMENT_COOKIE };
