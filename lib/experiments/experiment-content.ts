import { z } from "zod";
import { benefitsSchema, type LandingContent } from "../content/landing-content";
import { campaignContentSchema } from "../campaign/campaign-content";
import { isCampaignSlug } from "../campaign/campaign-slug";
import { MARKETS, type Market } from "../markets/markets";
import { sectionSchema } from "../../sections/section-types";
import { isExperimentKey, isVariantKey, KEY_RULE } from "./experiment-keys";
import type { ExperimentDefinition } from "./experiment-results";

/** An experiment has two to four variants; the first is the control, the page as published. */
export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 4;
/** An experiment runs at most this long (its cookie lasts no longer). */
export const MAX_EXPERIMENT_DAYS = 90;

const experimentKey = z.string().refine(isExperimentKey, `must be ${KEY_RULE}, at most 40 characters`);
const variantKey = z.string().refine(isVariantKey, `must be ${KEY_RULE}, at most 30 characters`);

/** The page an experiment runs on, as the query dereferences it: a market's page or a published campaign page. */
const experimentPage = z.object({
  _type: z.enum(["landingPage", "campaignPage"]),
  market: z.enum(MARKETS),
  slug: z.string().nullable().optional(),
});

/** The page's path, as the counts name it: `/mx`, or `/mx/<slug>` for a campaign page. */
export function pagePath(page: z.infer<typeof experimentPage>): string | undefined {
  if (page._type === "landingPage") return `/${page.market}`;
  return isCampaignSlug(page.slug) ? `/${page.market}/${page.slug}` : undefined;
}

/** What the proxy, the beacon and the contact route need of a running experiment. */
export type RunningExperiment = {
  key: string;
  market: Market;
  /** The page's path: `/mx` or `/mx/<slug>`. */
  page: string;
  /** When the experiment stops assigning; null: when it is stopped. The cookie lasts at most MAX_EXPERIMENT_DAYS. */
  plannedEnd: Date | null;
  /** In order, the first being the control; weights are shares that add up to 1. */
  variants: { key: string; weight: number }[];
};

const runningEntry = z.object({
  _id: z.string(),
  key: experimentKey,
  plannedEnd: z.iso.datetime({ offset: true }).nullable(),
  page: experimentPage,
  variants: z
    .array(z.object({ key: variantKey, weight: z.number().positive().nullable() }))
    .min(MIN_VARIANTS)
    .max(MAX_VARIANTS),
});

/** Weights as shares of 1: the marketer's percentages, or an even split where none is set. */
export function shares(weights: readonly (number | null)[]): number[] {
  if (weights.some((w) => w === null)) return weights.map(() => 1 / weights.length);
  const total = (weights as number[]).reduce((a, b) => a + b, 0);
  return (weights as number[]).map((w) => w / total);
}

/**
 * The experiments to run, from the query's result: entries the contract refuses are left out (and returned apart, for
 * a log line), as is a second experiment on a page that already runs one (the older runs). Whether the planned end has
 * passed is decided per request (`isRunning`), since the list is cached.
 */
export function runningExperiments(result: readonly unknown[]): { running: RunningExperiment[]; refused: string[] } {
  const running: RunningExperiment[] = [];
  const refused: string[] = [];
  for (const raw of result) {
    const parsed = runningEntry.safeParse(raw);
    const id = (raw as { _id?: string } | null)?._id ?? "(no id)";
    const page = parsed.success ? pagePath(parsed.data.page) : undefined;
    if (!parsed.success || !page) {
      refused.push(id);
      continue;
    }
    const { key, plannedEnd, variants } = parsed.data;
    const keys = new Set(variants.map((v) => v.key));
    if (keys.size !== variants.length || running.some((e) => e.page === page || e.key === key)) {
      refused.push(id);
      continue;
    }
    const weights = shares(variants.map((v) => v.weight));
    running.push({
      key,
      market: parsed.data.page.market,
      page,
      plannedEnd: plannedEnd ? new Date(plannedEnd) : null,
      variants: variants.map((v, i) => ({ key: v.key, weight: weights[i]! })),
    });
  }
  return { running, refused };
}

export const isRunning = (experiment: RunningExperiment, now: Date) =>
  experiment.plannedEnd === null || experiment.plannedEnd > now;

/** What a variant overrides: what a campaign page can, less the form's preselection (the form is never tested). */
export const variantOverridesSchema = z.object({
  key: variantKey,
  hero: campaignContentSchema.shape.hero,
  benefits: benefitsSchema.nullable(),
  sections: z.array(sectionSchema).nullable(),
});
export type VariantOverrides = z.infer<typeof variantOverridesSchema>;

export const experimentVariantsSchema = z.object({
  _id: z.string(),
  key: experimentKey,
  page: experimentPage,
  variants: z.array(variantOverridesSchema).min(MIN_VARIANTS).max(MAX_VARIANTS),
});
export type ExperimentVariants = z.infer<typeof experimentVariantsSchema>;

/** The fields a variant overrides, by path (the control overrides none). */
export function variantOverriddenFields(variant: Omit<VariantOverrides, "key">): string[] {
  const set = (path: string, value: unknown) => (value == null ? [] : [path]);
  return [
    ...set("hero.title", variant.hero.title),
    ...set("hero.body", variant.hero.body),
    ...set("hero.cta", variant.hero.cta),
    ...set("hero.defaultAmount", variant.hero.defaultAmount),
    ...set("benefits", variant.benefits),
    ...set("sections", variant.sections),
  ];
}

/**
 * A variant of a page: the page's content (a market's page, or a campaign page merged with its market's) with the
 * variant's overrides. As for a campaign page, the hero's highlight and footnote, the form, the SEO and everything
 * else stay the page's.
 */
export function mergeVariant(page: LandingContent, variant: Omit<VariantOverrides, "key">): LandingContent {
  const { hero } = variant;
  return {
    ...page,
    hero: {
      ...page.hero,
      title: hero.title ?? page.hero.title,
      body: hero.body ?? page.hero.body,
      cta: hero.cta ?? page.hero.cta,
      estimate: { ...page.hero.estimate, defaultAmount: hero.defaultAmount ?? page.hero.estimate.defaultAmount },
    },
    benefits: variant.benefits ?? page.benefits,
    sections: variant.sections ?? page.sections,
  };
}

/** What the results read of each experiment, running or stopped: entries without a key or a page are left out. */
export function experimentDefinitions(
  result: readonly {
    _id: string;
    key: string | null;
    name: string | null;
    hypothesis: string | null;
    conclusion: string | null;
    shipped: string | null;
    plannedEnd: string | null;
    stoppedAt: string | null;
    example: boolean;
    page: { _type: string; market: string | null; slug?: string | null } | null;
    variants: { key: string | null; name: string | null; weight: number | null }[];
  }[],
  now: Date,
): ExperimentDefinition[] {
  const definitions: ExperimentDefinition[] = [];
  for (const entry of result) {
    const page = experimentPage.safeParse(entry.page);
    const path = page.success ? pagePath(page.data) : undefined;
    if (!page.success || !path || !isExperimentKey(entry.key)) continue;
    const variants = entry.variants.filter((v): v is typeof v & { key: string } => isVariantKey(v.key));
    if (variants.length < MIN_VARIANTS) continue;
    const weights = shares(variants.map((v) => v.weight));
    definitions.push({
      id: entry._id,
      key: entry.key,
      name: entry.name ?? entry.key,
      market: page.data.market,
      page: path,
      running: !entry.stoppedAt && (!entry.plannedEnd || Date.parse(entry.plannedEnd) > now.getTime()),
      example: entry.example,
      hypothesis: entry.hypothesis,
      conclusion: entry.conclusion,
      shipped: entry.shipped,
      plannedEnd: entry.plannedEnd,
      stoppedAt: entry.stoppedAt,
      variants: variants.map((v, i) => ({ key: v.key, name: v.name ?? v.key, share: weights[i]! })),
    });
  }
  return definitions;
}
