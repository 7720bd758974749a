import "server-only";
import { createClient, type SanityClient } from "next-sanity";
import { serverEnv } from "../env/server-env";

let client: SanityClient | undefined;

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
    ...(env.SANITY_API_HOST ? { apiHost: env.SANITY_API_HOST, useProjectHostname: false } : {}),
    // Stega (visual-editing markers) is enabled per request, only for draft previews.
    stega: { enabled: false, studioUrl: "/studio" },
  });
  return client;
}
