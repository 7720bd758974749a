import { clientIpHeader, contactRateLimits, type ServerEnv } from "../env/env";

/**
 * Attempts allowed per window, per tier (0 or absent: off). A client is an IPv4 address or an IPv6 /64; an IPv6
 * client also counts against its /48, whose 65,536 /64s would otherwise each get the client limit; and every
 * client counts against the global tier. Without a per-client limit there is no per-network one either.
 */
export type RateLimits = { perClient: number; perNetwork?: number; global?: number };

/**
 * What is counted, each in buckets of its own, so that one kind of traffic never spends what another needs:
 * - `contact`: proven leads, per client and per /48 (429 beyond);
 * - `contact-ceiling`: proven leads from all clients together; beyond it a lead is still stored and answered 201, but
 *   its alert waits for the next summary and its conversion is withheld (it never refuses anyone);
 * - `contact-invalid`: requests refused for what they contain (bad JSON, invalid fields, the honeypot), per client;
 * - `contact-held` and `contact-held-hourly`: leads without a valid proof, per client per minute, and all together
 *   per hour (as many per hour as the ceiling lets proven leads through per minute);
 * - `contact-challenge`: proof-of-work challenges handed out, per client (a retry or a second tab needs another);
 * - `draft-mode`: guesses at the draft-mode secret, per client and per /48 but never globally, since anyone could
 *   fill a global count to lock the operator out of preview;
 * - `beacon`: the visit counter's beacons (visits, form starts, field speed), per client (VISIT_RATE_LIMIT_PER_MINUTE:
 *   offices and mobile carriers put many people behind one address) and per /48, and from everyone together
 *   (VISIT_RATE_LIMIT_GLOBAL_PER_MINUTE); beyond, beacons count nothing. Per client only with a trusted client
 *   address, which would otherwise put every visitor in one bucket; the ceiling holds either way, so a script that
 *   changes its address (or a site without a trusted one) can add only so many visits a minute;
 * - `results-sign-in`: bearer tokens of GET /api/results checked with Sanity's API (a member's check is given back, so
 *   only unknown tokens count), per client and per /48 like contact submissions, never globally, since anyone could
 *   fill a global count to lock the marketers out.
 */
export type RateLimitPurpose =
  | "contact"
  | "contact-ceiling"
  | "contact-invalid"
  | "contact-held"
  | "contact-held-hourly"
  | "contact-challenge"
  | "draft-mode"
  | "beacon"
  | "results-sign-in";

export type PurposeLimits = { limits: RateLimits; windowMs: number; ceilingNotice?: string };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits and window of each purpose, from CONTACT_RATE_LIMIT_* (one set of numbers for the operator to tune). */
export function limitsFor(purpose: RateLimitPurpose, env: ServerEnv): PurposeLimits {
  const { perClient, perNetwork, global } = contactRateLimits(env);
  const client = { perClient, perNetwork };
  switch (purpose) {
    case "contact":
    case "contact-invalid":
    case "contact-held":
    case "draft-mode":
    case "results-sign-in":
      return { limits: client, windowMs: MINUTE };
    case "contact-challenge":
      return { limits: { perClient: 4 * perClient, perNetwork: 4 * perNetwork }, windowMs: MINUTE };
    case "contact-ceiling":
      return {
        limits: { perClient: 0, global },
        windowMs: MINUTE,
        ceilingNotice: `Global ceiling reached: ${global} proven leads per minute from all clients together (CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE); until the minute ends, further leads are stored and answered as usual, their sales alerts wait for the next summary and their conversions are withheld`,
      };
    case "beacon": {
      const perBeacon = clientIpHeader(env) ? env.VISIT_RATE_LIMIT_PER_MINUTE : 0;
      const ceiling = env.VISIT_RATE_LIMIT_GLOBAL_PER_MINUTE;
      return {
        limits: { perClient: perBeacon, perNetwork: 4 * perBeacon, global: ceiling },
        windowMs: MINUTE,
        ceilingNotice: `Beacon ceiling reached: ${ceiling} beacons per minute from all clients together (VISIT_RATE_LIMIT_GLOBAL_PER_MINUTE); until the minute ends, further visits, form starts and field speed count nothing`,
      };
    }
    case "contact-held-hourly":
      return {
        limits: { perClient: 0, global },
        windowMs: HOUR,
        ceilingNotice: `Held leads capped: ${global} leads without a valid proof of work this hour (as many as CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE); further ones are refused with 429 until the hour ends`,
      };
  }
}
