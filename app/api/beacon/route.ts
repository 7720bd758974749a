import { counting, noteDrop } from "@/lib/analytics/counting";
import { handleBeacon } from "@/lib/analytics/handle-beacon";
import { getCampaignRoutes } from "@/lib/campaign/campaign-source";
import { fromOwnPage } from "@/lib/contact/handle-contact";
import { getRateLimiter } from "@/lib/contact/rate-limiter";
import { ownHostHeader } from "@/lib/env/env";
import { serverEnv } from "@/lib/env/server-env";
import { clientAddress } from "@/lib/http/client-ip";
import { getRunningExperiments } from "@/lib/experiments/experiment-source";

export const runtime = "nodejs";

/** The visit counter's beacon: visits, form starts and field speed, counted in aggregate (lib/analytics/). */
export function POST(request: Request): Promise<Response> {
  const env = serverEnv();
  const { buffer, visitors } = counting();
  return handleBeacon(request, {
    buffer,
    visitors,
    limiter: getRateLimiter("beacon"),
    address: (r) => clientAddress(r.headers),
    campaignPages: async () => {
      // Content unreachable: every path counts under its market's page, as the proxy then shows it.
      const routes = await getCampaignRoutes().catch(() => []);
      return (market, slug) => routes.some((route) => route.market === market && route.slug === slug);
    },
    experiments: () => getRunningExperiments(),
    fromOwnPage: (r) => fromOwnPage(r, { siteUrl: env.NEXT_PUBLIC_SITE_URL, hostHeader: ownHostHeader(env) }),
    dropped: noteDrop,
  });
}
