import { NextResponse, type NextRequest } from "next/server";
import { CAMPAIGN_HEADER, isCampaignPath } from "./lib/campaign/campaign-routing";
import { readServerEnv } from "./lib/env/env";
import { studioHostDecision } from "./lib/http/studio-host";
import { log } from "./lib/logging/logger";
import { MARKET_CODES_PATTERN } from "./lib/markets/markets";

/**
 * The paths no route serves: the 404 page logs them. Landing pages, social images, the Studio, the API and assets
 * never.
 */
const UNKNOWN_PATH = new RegExp(
  String.raw`^\/(?!(?:${MARKET_CODES_PATTERN}|og|studio|api|_next)(?:\/|$)|favicon\.ico$|robots\.txt$|sitemap\.xml$|icon\.svg$).+`,
);

const BELOW_MARKET = new RegExp(String.raw`^\/(?:${MARKET_CODES_PATTERN})\/.`);

let env: ReturnType<typeof readServerEnv> | undefined;

/**
 * Three jobs. With STUDIO_HOST, the Studio is answered on that host only, and nothing else is (see
 * lib/http/studio-host.ts).
 *
 * Below a market prefix, it marks the paths of campaign pages, so next.config.ts's rewrite sends every other path to
 * the market's page, as the header says nothing else. If the list of campaign pages cannot be read, the path shows the
 * market's page.
 *
 * And the 404 page is handed the path it is answering, which it logs once: set for paths no route serves, and for any
 * request that brings its own x-unknown-path, which is overwritten with the real path, so the log never carries a
 * value the client chose.
 */
export async function proxy(request: NextRequest) {
  env ??= readServerEnv();
  const { pathname, search } = request.nextUrl;
  const hostHeader = env.FORWARDED_HOST_HEADER ?? "host";
  const host = request.headers.get(hostHeader)?.split(",").at(-1)?.trim() ?? null;
  const decision = studioHostDecision(env.STUDIO_HOST, host, pathname);
  if (decision === "not-found") return new NextResponse("Not found", { status: 404 });
  if (decision === "to-studio-host") {
    const protocol = new URL(env.NEXT_PUBLIC_SITE_URL).protocol;
    return NextResponse.redirect(`${protocol}//${env.STUDIO_HOST}${pathname}${search}`, 308);
  }
  if (BELOW_MARKET.test(pathname)) {
    const headers = new Headers(request.headers);
    headers.delete(CAMPAIGN_HEADER);
    headers.delete("x-unknown-path");
    const campaign = await isCampaignPath(pathname, request.cookies).catch((error: unknown) => {
      log.error("content.failed", "The list of campaign pages could not be read", { err: error });
      return false;
    });
    if (campaign) headers.set(CAMPAIGN_HEADER, "1");
    return NextResponse.next({ request: { headers } });
  }
  if (!UNKNOWN_PATH.test(pathname) && !request.headers.has("x-unknown-path")) return NextResponse.next();
  const headers = new Headers(request.headers);
  headers.set("x-unknown-path", pathname);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Every request but Next's static files: on the Studio's host, a landing page must not be answered either.
  matcher: [
    "/((?!_next/static/|_next/image).*)",
    { source: "/:path*", has: [{ type: "header", key: "x-unknown-path" }] },
  ],
};
