import { isbot } from "isbot";
import { readCappedBody } from "#edge/capped-body";
import type { RateLimiter } from "../contact/rate-limiter";
import type { RunningExperiment } from "../experiments/experiment-content";
import { exposedVariant } from "../experiments/exposure";
import type { Market } from "../markets/markets";
import { marketDay } from "../markets/time-zones";
import { campaignKey } from "./campaign-key";
import type { CountBuffer } from "./count-buffer";
import { deviceClass, marketOfPage, NO_VARIANT, pageOf, type Slice } from "./slices";
import type { VisitorCounter } from "./visitor-counter";
import { bucketOf, MAX_VALUE, VITAL_METRICS } from "./vitals-buckets";

/**
 * A beacon's body is a few hundred bytes (a path, a touch's three campaign parameters, three numbers); anything past
 * this is not read. The campaign parameters are cut to 200 characters each on arrival anyway.
 */
export const MAX_BEACON_BYTES = 2048;

/** What a beacon reports: a visit (the page was seen), a form start (the first edit of a field), field speed. */
export const BEACON_TYPES = ["visit", "start", "vitals"] as const;
export type BeaconType = (typeof BEACON_TYPES)[number];

/** Why a beacon counted nothing: logged as counts per reason, never with the request's address or agent. */
export type DropReason = "off" | "bot" | "foreign" | "rate" | "size" | "invalid" | "path";

export type BeaconDeps = {
  /** Undefined where counting is off (COUNT_VISITS=off, or no store for the counts). */
  buffer: CountBuffer | undefined;
  /** The beacon's own bucket per address (see intake-limits.ts): never the leads'. */
  limiter: RateLimiter;
  /** Undefined without a trusted client address: visitors are then reported as unavailable. */
  visitors: VisitorCounter | undefined;
  /** The client's address, from the header the operator trusts (undefined: not known). */
  address: (request: Request) => string | undefined;
  /** Whether `/<market>/<slug>` is a published campaign page. */
  campaignPages: () => Promise<(market: Market, slug: string) => boolean>;
  /**
   * The experiments running now: a visit counts under the variant the experiments cookie names, if it is one of the
   * experiment running on the visit's page.
   */
  experiments: () => Promise<readonly RunningExperiment[]>;
  /** Whether the request comes from one of this site's own pages (its Origin). */
  fromOwnPage: (request: Request) => boolean;
  dropped: (reason: DropReason) => void;
  now?: () => Date;
};

const NO_CONTENT = () => new Response(null, { status: 204, headers: { "cache-control": "no-store" } });

type Body = { type?: unknown; path?: unknown; touch?: unknown; vitals?: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * POST /api/beacon. Answers 204 whatever it does with the beacon, so a script learns nothing from the answer; counts a
 * beacon only from a page of this site (Origin), a browser that is not a declared bot (isbot, which also matches
 * headless browsers), within its address's bucket, with a body under MAX_BEACON_BYTES naming a path below a market.
 */
export async function handleBeacon(request: Request, deps: BeaconDeps): Promise<Response> {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { allow: "POST" } });
  const drop = (reason: DropReason) => {
    deps.dropped(reason);
    return NO_CONTENT();
  };
  const buffer = deps.buffer;
  if (!buffer) return drop("off");
  const agent = request.headers.get("user-agent") ?? "";
  if (!agent || isbot(agent)) return drop("bot");
  if (!deps.fromOwnPage(request)) return drop("foreign");
  const address = deps.address(request);
  if (!(await deps.limiter.hit(address)).allowed) return drop("rate");
  const raw = await readCappedBody(request, MAX_BEACON_BYTES).catch(() => null);
  if (!raw) return drop("size");
  let body: Body;
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(raw));
    if (!isRecord(parsed)) return drop("invalid");
    body = parsed;
  } catch {
    return drop("invalid");
  }
  const type = body.type;
  if (type !== "visit" && type !== "start" && type !== "vitals") return drop("invalid");
  // The list of campaign pages is read only for a path below a market's page: a market's page needs none.
  const belowMarket = typeof body.path === "string" && /^\/[^/]+\/[^/?#]/.test(body.path);
  const page = pageOf(body.path, belowMarket ? await deps.campaignPages() : () => false);
  const market = page && marketOfPage(page);
  if (!page || !market) return drop("path");
  const day = marketDay(market, deps.now?.() ?? new Date());
  const device = deviceClass(request.headers);

  if (type === "vitals") {
    if (!isRecord(body.vitals)) return drop("invalid");
    for (const metric of VITAL_METRICS) {
      const value = body.vitals[metric];
      if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > MAX_VALUE[metric]) continue;
      buffer.vital({ day, market, page, device, metric, bucket: bucketOf(metric, value) });
    }
    return NO_CONTENT();
  }

  const slice: Slice = {
    day,
    market,
    page,
    device,
    variant: type === "visit" || type === "start" ? await variantOf(page, request, deps) : NO_VARIANT,
    ...campaignKey(isRecord(body.touch) ? touchOf(body.touch) : undefined),
  };
  if (type === "start") {
    buffer.formStart(slice);
    return NO_CONTENT();
  }
  const visitor = address && deps.visitors ? await deps.visitors.visitor(market, day, address, agent) : undefined;
  buffer.visit(slice, visitor);
  return NO_CONTENT();
}

/** The visit's variant (exposure): from the cookie, checked against the experiment running on the page. */
async function variantOf(page: string, request: Request, deps: BeaconDeps): Promise<string> {
  const cookie = request.headers.get("cookie");
  if (!cookie) return NO_VARIANT;
  const running = await deps.experiments().catch(() => []);
  return exposedVariant(page, cookie, running) || NO_VARIANT;
}

/** The beacon's short names for the last touch's campaign parameters and its click id's platform. */
const touchOf = (touch: Record<string, unknown>) => ({
  utm_source: touch.s,
  utm_medium: touch.m,
  utm_campaign: touch.c,
  platform: touch.k,
});
