import type { SanityClient } from "@sanity/client";

/**
 * What shipping a variant writes on the page's draft: the variant's overrides at the page document's own paths (a
 * campaign page keeps the estimate's starting amount at `hero.defaultAmount`, a market's page inside its estimate),
 * and nothing the variant leaves empty, so the rest of the page stays as published. The marketer reviews the draft and
 * publishes it; the experiment is stopped at the same time and keeps its result.
 */
type StudioVariant = {
  hero?: { title?: string; body?: unknown[]; cta?: string; defaultAmount?: number };
  benefits?: unknown;
  sections?: unknown[];
};
/** A variant as the experiment document holds it. */
export type ExperimentVariant = StudioVariant & { _key: string; name?: string; key?: { current?: string } };
/** What shipping reads of an experiment document. */
export type ExperimentDocument = {
  _id: string;
  page?: { _ref?: string };
  variants?: ExperimentVariant[];
  stoppedAt?: string;
};
/** A variant's key as the results and the cookie name it (its `_key` where a key was never set). */
export const variantKeyOf = (variant: ExperimentVariant) => variant.key?.current ?? variant._key;

export function shippedFields(
  pageType: "landingPage" | "campaignPage",
  variant: StudioVariant,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const { hero = {} } = variant;
  if (hero.title) fields["hero.title"] = hero.title;
  if (hero.body?.length) fields["hero.body"] = hero.body;
  if (hero.cta) fields["hero.cta"] = hero.cta;
  if (hero.defaultAmount != null)
    fields[pageType === "landingPage" ? "hero.estimate.defaultAmount" : "hero.defaultAmount"] = hero.defaultAmount;
  if (variant.benefits) fields.benefits = variant.benefits;
  if (variant.sections?.length) fields.sections = variant.sections;
  return fields;
}

/** The experiment's stop: on its published document and on its draft, if it has one, with what else is recorded. */
function stopExperiment(
  transaction: ReturnType<SanityClient["transaction"]>,
  experimentId: string,
  hasDraft: boolean,
  extra: Record<string, unknown> = {},
) {
  const set = { stoppedAt: new Date().toISOString(), ...extra };
  transaction.patch(experimentId, (patch) => patch.set(set));
  if (hasDraft) transaction.patch(`drafts.${experimentId}`, (patch) => patch.set(set));
  return transaction;
}

/** Stops an experiment: everyone sees the page as published once the webhook has run; the result stays readable. */
export async function stopRunningExperiment(client: SanityClient, experimentId: string, hasDraft: boolean) {
  await stopExperiment(client.transaction(), experimentId, hasDraft).commit();
}

/**
 * Ships a variant in one transaction, so the page never gets the variant's fields while the experiment runs on, nor
 * the reverse: a draft of the page (made from the published page where it has none, otherwise the marketer's draft
 * keeps its other edits) takes the variant's fields, and the experiment stops naming the shipped variant.
 */
export async function shipVariant(
  client: SanityClient,
  {
    experimentId,
    hasDraft,
    pageId,
    variant,
  }: {
    experimentId: string;
    hasDraft: boolean;
    pageId: string;
    variant: ExperimentVariant;
  },
) {
  const page = await client.getDocument<{ _id: string; _type: "landingPage" | "campaignPage" }>(pageId);
  if (!page) throw new Error(pageId);
  const draftId = `drafts.${pageId}`;
  const transaction = client
    .transaction()
    .createIfNotExists({ ...page, _id: draftId })
    .patch(draftId, (patch) => patch.set(shippedFields(page._type, variant)));
  await stopExperiment(transaction, experimentId, hasDraft, { shipped: variantKeyOf(variant) }).commit();
  return { id: pageId, type: page._type };
}

/**
 * Ships an experiment's variant, named by its key, reading the experiment as it is now (the Results tool knows only its
 * id; an action's copy may be a moment old). Refuses an experiment that is gone, stopped or without a page. Returns the
 * page whose draft now holds the variant, for the marketer to open and publish.
 */
export async function shipVariantByKey(client: SanityClient, experimentId: string, variantKey: string) {
  const [published, draft] = await client.getDocuments<ExperimentDocument>([experimentId, `drafts.${experimentId}`]);
  if (!published || published.stoppedAt) throw new Error(`${experimentId} is not running`);
  const variant = published.variants?.find((v) => variantKeyOf(v) === variantKey);
  if (!variant) throw new Error(`${experimentId} has no variant ${variantKey}`);
  if (!published.page?._ref) throw new Error(`${experimentId} names no page`);
  const pageId = published.page._ref.replace(/^drafts\./, "");
  return shipVariant(client, { experimentId, hasDraft: Boolean(draft), pageId, variant });
}
