import type { Assignment } from "./experiment-cookie.ts";
import type { RunningExperiment } from "./experiment-content.ts";

/**
 * The variant a uniform number in [0, 1) falls on, by the variants' shares (which add up to 1): the first whose
 * cumulative share exceeds it. A number past the last share by rounding falls on the last variant.
 */
export function pickVariant(variants: readonly { key: string; weight: number }[], random: number): string {
  let cumulative = 0;
  for (const variant of variants) {
    cumulative += variant.weight;
    if (random < cumulative) return variant.key;
  }
  return variants.at(-1)!.key;
}

export type Decision = {
  /** The variant this request is shown; undefined: the page as published, uncounted in any experiment. */
  variant?: string;
  /** The cookie's entries after this request; undefined: leave the cookie as it is. */
  cookie?: Assignment[];
};

/**
 * What one request for a page gets. The cookie's entries naming an experiment no longer running, or a variant it does
 * not have, are dropped (the cookie is rewritten, or cleared when nothing is left). On the page of a running
 * experiment: the cookie's variant when it names one; a bot gets the control and no cookie (counted nowhere);
 * anyone else a variant drawn by the split, added to the cookie.
 */
export function decide({
  page,
  running,
  cookie,
  bot,
  random,
}: {
  /** The page the request shows (`/mx`, `/mx/<slug>`); undefined for a request that shows no page. */
  page: string | undefined;
  running: readonly RunningExperiment[];
  cookie: readonly Assignment[];
  bot: boolean;
  random: () => number;
}): Decision {
  const valid = cookie.filter((entry) =>
    running.some((e) => e.key === entry.experiment && e.variants.some((v) => v.key === entry.variant)),
  );
  let entries = valid.length === cookie.length ? undefined : valid;
  const experiment = page ? running.find((e) => e.page === page) : undefined;
  if (!experiment) return { cookie: entries };
  const kept = valid.find((entry) => entry.experiment === experiment.key);
  if (kept) return { variant: kept.variant, cookie: entries };
  if (bot) return { variant: experiment.variants[0]!.key, cookie: entries };
  const variant = pickVariant(experiment.variants, random());
  entries = [...valid, { experiment: experiment.key, variant }];
  return { variant, cookie: entries };
}

/** How long the cookie lasts: to the latest planned end of the experiments it names, at most `maxDays` from now. */
export function cookieExpiry(
  entries: readonly Assignment[],
  running: readonly RunningExperiment[],
  now: Date,
  maxDays: number,
) {
  const cap = now.getTime() + maxDays * 86_400_000;
  const ends = entries.map((entry) => running.find((e) => e.key === entry.experiment)?.plannedEnd?.getTime() ?? cap);
  return new Date(Math.min(cap, Math.max(now.getTime(), ...ends)));
}
