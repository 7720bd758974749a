import { isCampaignSlug } from "../campaign/campaign-slug.ts";

/**
 * The keys an experiment and its variants are known by outside the Studio: in the visitor's cookie, in the counts'
 * and a lead's `variant` column, in the results. Lowercase letters, digits and single hyphens (the campaign slug's
 * rule), so `<experiment>--<variant>` (two hyphens, which neither part can hold) names one variant unambiguously and
 * fits the counts' CHECK (`^[a-z0-9-]*$`, 80 characters).
 */
export const EXPERIMENT_KEY_MAX = 40;
export const VARIANT_KEY_MAX = 30;

export const KEY_RULE = "lowercase letters (a-z), digits and single hyphens between them";

export const isExperimentKey = (value: unknown): value is string =>
  isCampaignSlug(value) && value.length <= EXPERIMENT_KEY_MAX;
export const isVariantKey = (value: unknown): value is string =>
  isCampaignSlug(value) && value.length <= VARIANT_KEY_MAX;

/** One variant of one experiment, as stored with a visit or a lead: `<experiment>--<variant>`. */
export const variantId = (experiment: string, variant: string) => `${experiment}--${variant}`;

export function parseVariantId(id: string): { experiment: string; variant: string } | undefined {
  const [experiment, variant, ...rest] = id.split("--");
  return rest.length === 0 && isExperimentKey(experiment) && isVariantKey(variant)
    ? { experiment, variant }
    : undefined;
}

/** The database's CHECK on a lead's variant, the same rule written for PostgreSQL. */
export const VARIANT_ID_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*--[a-z0-9]+(-[a-z0-9]+)*$";
