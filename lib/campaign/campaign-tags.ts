/**
 * Cache tags of campaign pages, shared by the content reads and the webhook. The list of published slugs (which the
 * routing proxy and the sitemap read) has one tag; each campaign document has its own, so a change re-renders only
 * that page. A campaign page also carries its market's tags, since it renders the market's page underneath.
 */
export const CAMPAIGN_LIST_TAG = "campaignPages";

export const campaignTag = (id: string) => `campaignPage:${id.replace(/^drafts\./, "")}`;
