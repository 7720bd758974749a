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
