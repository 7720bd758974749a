import "server-only";
import { log } from "../logging/logger";
import { readContent } from "../content/market-content-reader";
import { EXPERIMENTS_QUERY, EXPERIMENT_VARIANTS_QUERY, RUNNING_EXPERIMENTS_QUERY } from "../content/queries";
import type {
  EXPERIMENTS_QUERY_RESULT,
  EXPERIMENT_VARIANTS_QUERY_RESULT,
  RUNNING_EXPERIMENTS_QUERY_RESULT,
} from "../content/sanity.types";
import { InvalidContentError } from "../content/landing-content";
import { EXPERIMENTS_TAG } from "./experiment-tags";
import {
  experimentVariantsSchema,
  isRunning,
  runningExperiments,
  type ExperimentVariants,
  type RunningExperiment,
} from "./experiment-content";

// Each refused experiment is logged once per process, not on every request that reads the cached list.
const reported = new Set<string>();

/**
 * The experiments running now: published, not stopped, before their planned end. The list is cached under
 * EXPERIMENTS_TAG, which the webhook revalidates on any change to an experiment (publish, stop, delete), so the
 * proxy never reads the Content Lake per request.
 */
export async function getRunningExperiments(now = new Date()): Promise<RunningExperiment[]> {
  const result = await readContent<RUNNING_EXPERIMENTS_QUERY_RESULT>(
    RUNNING_EXPERIMENTS_QUERY,
    {},
    { preview: false, cacheKey: "running-experiments", tags: [EXPERIMENTS_TAG] },
  );
  const { running, refused } = runningExperiments(result);
  for (const id of refused) {
    if (reported.has(id)) continue;
    reported.add(id);
    log.warn("experiment.refused", `Experiment ${id} is not run: the site refuses its content or its page`, {
      document: id,
    });
  }
  return running.filter((experiment) => isRunning(experiment, now));
}

/** A running experiment's variants with their overrides, for the variant route; undefined once it stopped. */
export async function getExperimentVariants(key: string): Promise<ExperimentVariants | undefined> {
  const result = await readContent<EXPERIMENT_VARIANTS_QUERY_RESULT>(
    EXPERIMENT_VARIANTS_QUERY,
    { key },
    { preview: false, cacheKey: "experiment-variants", tags: [EXPERIMENTS_TAG] },
  );
  if (!result) return undefined;
  const parsed = experimentVariantsSchema.safeParse(result);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(document)"}: ${i.message}`);
  throw new InvalidContentError(`Invalid content in experiment "${result._id}":\n  ${problems.join("\n  ")}`);
}

/** Every experiment, running or stopped, as the results name them. */
export function getAllExperiments(): Promise<EXPERIMENTS_QUERY_RESULT> {
  return readContent<EXPERIMENTS_QUERY_RESULT>(
    EXPERIMENTS_QUERY,
    {},
    { preview: false, cacheKey: "experiments", tags: [EXPERIMENTS_TAG] },
  );
}
