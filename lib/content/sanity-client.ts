import "server-only";
import { createClient, type SanityClient } from "next-sanity";
import { serverEnv } from "../env/server-env";

let client: SanityClient | undefined;

/**
 * Fields the code matches on (market, locale, currency, icons, option values, phone prefix) or puts in a link
 * (the privacy contact's mailto:): no markers.
 */
const CODE_VALUES = new Set([
  "market",
  "locale",
  "currency",
  "icon",
  "defaultPhonePrefix",
  "value",
  "privacyEmail",
  // The sales team's hours, zone, holidays and contact links: read by code, never shown as written.
  "salesDays",
  "opens",
  "closes",
  "timeZone",
  "date",
  "bookingUrl",
  "whatsappNumber",
]);

/** The Content Lake client (Sanity mode only). Tag-revalidated fetches must bypass the CDN. */
export function sanityClient(): SanityClient {
  if (client) return client;
  const env = serverEnv();
  client = createClient({
    projectId: env.NEXT_PUBLIC_SANITY_PROJECT_ID,
    dataset: env.NEXT_PUBLIC_SANITY_DATASET,
    apiVersion: env.NEXT_PUBLIC_SANITY_API_VERSION,
    useCdn: false,
    perspective: "published",
    // The library's defaults (a 300 s timeout, five retries) would stall a build or a revalidation on a slow API:
    // each attempt gets the deadline and two retries at most, and landing-source bounds the whole read by it too.
    timeout: env.SANITY_TIMEOUT_MS,
    maxRetries: 2,
    ...(env.SANITY_API_HOST ? { apiHost: env.SANITY_API_HOST, useProjectHostname: false } : {}),
    // Stega (visual-editing markers) is enabled per request, only for draft previews, and only on copy.
    stega: {
      enabled: false,
      studioUrl: "/studio",
      filter: (props) => {
        // A list's items (salesDays[0]) are code values when the list is.
        const field = props.sourcePath.findLast((segment) => typeof segment === "string");
        return !(typeof field === "string" && CODE_VALUES.has(field)) && props.filterDefault(props);
      },
    },
  });
  return client;
}
