import { afterEach, describe, expect, it, vi } from "vitest";
import { captureLogs } from "../support/telemetry/log-lines";
import { clientAddress, rateLimitKey, rateLimitNetworkKey } from "@/lib/http/client-ip";

afterEach(() => vi.restoreAllMocks());

describe("the client address", () => {
  it("comes from the configured header only, never from a client-written X-Forwarded-For", () => {
    const headers = new Headers({
      "x-forwarded-for": "203.0.113.7",
      "x-real-ip": "198.51.100.2",
      "cf-connecting-ip": "192.0.2.9",
    });
    expect(clientAddress(headers, "x-real-ip")).toBe("198.51.100.2");
    expect(clientAddress(headers, "cf-connecting-ip")).toBe("192.0.2.9");
    // No header configured: no address, whatever the request claims.
    expect(clientAddress(headers, undefined)).toBeUndefined();
  });

  it("takes the entry the proxy appended when the operator names a list header", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.7" }), "x-forwarded-for")).toBe(
      "203.0.113.7",
    );
  });

  it("is undefined for a missing or invalid value, and says once that such requests share a bucket", () => {
    const logs = captureLogs();
    for (const value of [undefined, "", "local", "999.1.1.1", "203.0.113.7:443", "a".repeat(16_000)]) {
      const headers = new Headers(value === undefined ? {} : { "x-real-ip": value });
      expect(clientAddress(headers, "x-real-ip"), String(value).slice(0, 20)).toBeUndefined();
    }
    logs.restore();
    expect(logs.lines.length).toBeLessThanOrEqual(1);
    for (const line of logs.lines)
      expect(line).toMatchObject({
        level: "warn",
        event: "client_ip.missing",
        msg: expect.stringMatching(/CLIENT_IP_HEADER/),
      });
  });

  it("normalises IPv6 spellings and IPv4-mapped addresses", () => {
    expect(clientAddress(new Headers({ "x-real-ip": "[2001:DB8::1]" }), "x-real-ip")).toBe("2001:db8:0:0:0:0:0:1");
    expect(clientAddress(new Headers({ "x-real-ip": "::ffff:203.0.113.7" }), "x-real-ip")).toBe("203.0.113.7");
  });
});

describe("the rate-limit key", () => {
  it("is the address for IPv4 and the /64 for IPv6, whatever the spelling", () => {
    expect(rateLimitKey("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:0db8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8:1:2::1.2.3.4")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
    // Neighbouring /64s are different clients.
    expect(rateLimitKey("2001:db8:1:3::1")).not.toBe(rateLimitKey("2001:db8:1:2::1"));
  });

  it("is undefined for a missing or invalid address", () => {
    for (const value of [undefined, "", "unknown", "1.2.3", "2001:db8::g", "::ffff:999.0.0.1"])
      expect(rateLimitKey(value)).toBeUndefined();
  });

  it("has a network key, the /48, for IPv6 only", () => {
    expect(rateLimitNetworkKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1::/48");
    expect(rateLimitNetworkKey("2001:0db8:0001:ffff::1")).toBe("2001:db8:1::/48");
    expect(rateLimitNetworkKey("2001:db8:2::1")).not.toBe(rateLimitNetworkKey("2001:db8:1::1"));
    for (const value of [undefined, "203.0.113.7", "::ffff:203.0.113.7", "garbage"])
      expect(rateLimitNetworkKey(value)).toBeUndefined();
  });
});
