/**
 * The cache tag of every experiment read (the running list the proxy reads, each variant's content, the results'
 * names): the webhook revalidates it when any experiment changes, so a stopped or deleted experiment sends everyone
 * to the page as published on the next requests.
 */
export const EXPERIMENTS_TAG = "experiments";
