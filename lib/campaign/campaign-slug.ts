import { z } from "zod";

/**
 * A campaign page's slug: the last part of `/<market>/<slug>`. Lowercase letters, digits and single hyphens between
 * them, so an ad's URL is the same however it is typed and never needs encoding. Shared by the Studio, the content
 * contract, the routing proxy, the contact route and the database CHECK (supabase/migrations).
 */
export const CAMPAIGN_SLUG_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*$";
export const CAMPAIGN_SLUG_MAX = 80;

const SLUG = new RegExp(CAMPAIGN_SLUG_PATTERN);

export const CAMPAIGN_SLUG_RULE =
  "lowercase letters (a-z, no accents), digits and single hyphens between them, at most 80 characters";

export function isCampaignSlug(value: unknown): value is string {
  return typeof value === "string" && value.length <= CAMPAIGN_SLUG_MAX && SLUG.test(value);
}

export const campaignSlugSchema = z.string().refine(isCampaignSlug, `must be ${CAMPAIGN_SLUG_RULE}`);

/** A slug proposed from a title: accents dropped, anything else between words becomes one hyphen. */
export function slugify(title: string): string {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, CAMPAIGN_SLUG_MAX)
    .replace(/^-+|-+$/g, "");
}
