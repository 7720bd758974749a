import { isIP } from "node:net";
import { clientIpHeader } from "../env/env";
import { serverEnv } from "../env/server-env";
import { log } from "../logging/logger";

/**
 * The client's address, from the one header a trusted proxy sets: `CLIENT_IP_HEADER`, or the platform's own where
 * it is known (Vercel: `x-real-ip`). X-Forwarded-For is never read unless the operator names it, since a client
 * writes whatever it likes there. Undefined when no header is configured, or the request lacks a valid address.
 */
export function clientAddress(
  headers: Headers,
  header: string | undefined = clientIpHeader(serverEnv()),
): string | undefined {
  if (!header) return undefined;
  // A list (a named X-Forwarded-For) ends with the entry the trusted proxy appended; earlier ones are the client's.
  const value = headers.get(header)?.split(",").at(-1)?.trim();
  const address = value ? normalizeAddress(value) : undefined;
  if (address === undefined && !warned) {
    warned = true;
    // A misnamed header would put every visitor in one rate-limit bucket: say so once (the value is not logged).
    log.warn(
      "client_ip.missing",
      `A request had no valid address in "${header}"; such requests share one rate-limit bucket. Check CLIENT_IP_HEADER against what your proxy sets.`,
      { header },
    );
  }
  return address;
}

let warned = false;

/** A valid IPv4 or IPv6 address in canonical form; IPv4-mapped IPv6 (`::ffff:203.0.113.7`) becomes the IPv4 one. */
export function normalizeAddress(value: string): string | undefined {
  const bare = value.startsWith("[") && value.endsWith("]") ? value.slice(1, -1) : value;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped && isIP(mapped) === 4) return mapped;
  const version = isIP(bare);
  if (version === 4) return bare;
  if (version === 6) return expandIpv6(bare).join(":");
  return undefined;
}

/** The eight hextets of a valid IPv6 address (zone id dropped), lower case, without leading zeros. */
function expandIpv6(address: string): string[] {
  let text = address.split("%")[0]!.toLowerCase();
  // An embedded IPv4 tail (`::1.2.3.4`) is two hextets.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((h) => parseInt(h, 16).toString(16));
}

/**
 * The rate limiter's key for an address: an IPv4 address is one client; an IPv6 client is its /64, since one
 * subscriber usually gets a whole /64 and could otherwise rotate through 2^64 addresses. Undefined for anything
 * that is not a valid address.
 */
export function rateLimitKey(address: string | undefined): string | undefined {
  const normalized = address === undefined ? undefined : normalizeAddress(address);
  if (!normalized || isIP(normalized) === 4) return normalized;
  return `${normalized.split(":").slice(0, 4).join(":")}::/64`;
}

/**
 * The network an IPv6 client's /64 belongs to, its /48: one site (a business, a hosting customer) usually holds a
 * whole /48 — 65,536 /64s it could rotate through. Undefined for IPv4 and for anything that is not a valid address.
 */
export function rateLimitNetworkKey(address: string | undefined): string | undefined {
  const normalized = address === undefined ? undefined : normalizeAddress(address);
  if (!normalized || isIP(normalized) === 4) return undefined;
  return `${normalized.split(":").slice(0, 3).join(":")}::/48`;
}
