import { NextResponse, type NextRequest } from "next/server";
import { PAGE_ROUTE_HEADER, campaignRouteFor, type PageRoute } from "./lib/campaign/campaign-routing";
import { readServerEnv } from "./lib/env/env";
import { studioHostDecision } from "./lib/http/studio-host";
import { log } from "./lib/logging/logger";
import { MARKET_CODES_PATTERN } from "./lib/markets/markets";
import { isDraftSession } from "./lib/preview/draft-session";
import { getRunningExperiments } from "./lib/experiments/experiment-source";
import {
  EXPERIMENT_COOKIE,
  PAGE_VARIANT_HEADER,
  variantRouting,
  type VariantRouting,
} from "./lib/experiments/variant-routing";

/**
 * The paths no route serves: the 404 page logs them. Landing pages, social images, the Studio, the API and assets
 * never.
 */
const UNKNOWN_PATH = new RegExp(
  String.raw`^\/(?!(?:${MARKET_CODES_PATTERN}|og|studio|api|_next|lead-stage)(?:\/|$)|favicon\.ico$|robots\.txt$|sitemap\.xml$|icon\.svg$).+`,
);

const BELOW_MARKET = new RegExp(String.raw`^\/(?:${MARKET_CODES_PATTERN})\/.`);

/** A market's page, or any path below it that shows it (next.config.ts): the page an experiment may run on. */
const MARKET_PAGE_PATH = new RegExp(String.raw`^\/(${MARKET_CODES_PATTERN})(?:\/|$)`);

/** Below /studio, exactly so written: the Studio's own router reads the rest of the path in the browser. */
const BELOW_STUDIO = /^\/studio\/./;

/** Headers only this proxy may set: whatever a client sent under these names is removed from every request. */
const PROXY_HEADERS = [PAGE_ROUTE_HEADER, PAGE_VARIANT_HEADER, "x-unknown-path"];

let env: ReturnType<typeof readServerEnv> | undefined;

/**
 * Three jobs. With STUDIO_HOST, the Studio is answered on that host only, and nothing else is (see
 * lib/http/studio-host.ts).
 *
 * It names the route of the addresses that have none of their own (PAGE_ROUTE_HEADER, which next.config.ts rewrites
 * on): a published campaign page, the draft preview of a draft session this site opened, the Studio. Every other path
 * below a market shows the market's page, so the page cache holds real pages only. If the list of campaign pages
 * cannot be read, the path shows the market's page.
 *
 * A page with a running experiment is shown in the variant the visitor was assigned (lib/experiments/variant-routing.ts):
 * the control is the page itself, any other variant is sent to its own cached route by a second header
 * (PAGE_VARIANT_HEADER), and the experiments cookie is set, kept or cleared on the response.
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
  const route = await pageRoute(pathname, request, env);
  const variant = await experimentRouting(pathname, route, request);
  // A client's own x-unknown-path is replaced by the real path, which the 404 page then logs.
  const unknown = UNKNOWN_PATH.test(pathname) || request.headers.has("x-unknown-path");
  const forged = PROXY_HEADERS.some((name) => request.headers.has(name));
  let response: NextResponse;
  if (!route && !unknown && !forged && !variant.header) response = NextResponse.next();
  else {
    const headers = new Headers(request.headers);
    for (const name of PROXY_HEADERS) headers.delete(name);
    if (variant.header) {
      headers.set(PAGE_ROUTE_HEADER, "variant");
      headers.set(PAGE_VARIANT_HEADER, variant.header);
    } else if (route) headers.set(PAGE_ROUTE_HEADER, route);
    if (unknown) headers.set("x-unknown-path", pathname);
    response = NextResponse.next({ request: { headers } });
  }
  if (variant.cookie === null) response.cookies.delete(EXPERIMENT_COOKIE);
  else if (variant.cookie)
    response.cookies.set(EXPERIMENT_COOKIE, variant.cookie.value, {
      httpOnly: true,
      sameSite: "lax",
      secure: new URL(env.NEXT_PUBLIC_SITE_URL).protocol === "https:",
      path: "/",
      expires: variant.cookie.expires,
    });
  return response;
}

/**
 * The variant of the page a request shows, for a page request (GET or HEAD) outside a draft session: a published
 * campaign page, or a market's page or any path below it that shows it. If the running experiments cannot be read,
 * everyone gets the page as published and the cookie is left alone.
 */
async function experimentRouting(
  pathname: string,
  route: PageRoute | undefined,
  request: NextRequest,
): Promise<VariantRouting> {
  if (request.method !== "GET" && request.method !== "HEAD") return {};
  const market = MARKET_PAGE_PATH.exec(pathname)?.[1];
  if (!market || (route !== undefined && route !== "campaign")) return {};
  const page = route === "campaign" ? pathname.replace(/\/$/, "") : `/${market}`;
  const cookie = request.cookies.get(EXPERIMENT_COOKIE)?.value;
  const running = await getRunningExperiments().catch((error: unknown) => {
    log.error("content.failed", "The list of running experiments could not be read", { err: error });
    return undefined;
  });
  if (!running) return {};
  // No experiment anywhere and no cookie: nothing to decide (the common case costs one cached read).
  if (running.length === 0 && cookie === undefined) return {};
  return variantRouting({
    page,
    running,
    cookie,
    userAgent: request.headers.get("user-agent") ?? "",
    now: new Date(),
    random: () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32,
  });
}

async function pageRoute(
  pathname: string,
  request: NextRequest,
  serverEnv: ReturnType<typeof readServerEnv>,
): Promise<PageRoute | undefined> {
  if (BELOW_STUDIO.test(pathname)) return "studio";
  if (!BELOW_MARKET.test(pathname)) return undefined;
  return campaignRouteFor(pathname, isDraftSession(request.cookies, serverEnv)).catch((error: unknown) => {
    log.error("content.failed", "The list of campaign pages could not be read", { err: error });
    return undefined;
  });
}

export const config = {
  // Every request but Next's static files: on the Studio's host, a landing page must not be answered either. And any
  // request carrying a header only the proxy may set, so that it is removed.
  matcher: [
    "/((?!_next/static/|_next/image).*)",
    { source: "/:path*", has: [{ type: "header", key: "x-unknown-path" }] },
    { source: "/:path*", has: [{ type: "header", key: "x-page-route" }] },
    { source: "/:path*", has: [{ type: "header", key: "x-page-variant" }] },
  ],
};
