import { describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "@/lib/contact/rate-limiter";

describe("the in-memory rate limiter", () => {
  it("allows the configured number per minute per client, then says when to retry", () => {
    const limiter = new MemoryRateLimiter(3);
    const t0 = 1_000_000;
    expect(limiter.hit("a", t0)).toEqual({ allowed: true });
    expect(limiter.hit("a", t0 + 10_000)).toEqual({ allowed: true });
    expect(limiter.hit("a", t0 + 20_000)).toEqual({ allowed: true });
    // The oldest of the three leaves the window at t0 + 60 s: 30 s from now.
    expect(limiter.hit("a", t0 + 30_000)).toEqual({ allowed: false, retryAfter: 30 });
    expect(limiter.hit("b", t0 + 30_000)).toEqual({ allowed: true });
    expect(limiter.hit("a", t0 + 59_999)).toEqual({ allowed: false, retryAfter: 1 });
    expect(limiter.hit("a", t0 + 60_000)).toEqual({ allowed: true });
  });

  it("is off at 0", () => {
    const limiter = new MemoryRateLimiter(0);
    for (let i = 0; i < 100; i++) expect(limiter.hit("a").allowed).toBe(true);
  });

  it("forgets the oldest clients beyond its bound, so spoofed addresses cannot exhaust memory", () => {
    const limiter = new MemoryRateLimiter(1, 60_000, 2);
    limiter.hit("a", 0);
    limiter.hit("b", 0);
    limiter.hit("c", 0);
    expect(limiter.hit("a", 1).allowed).toBe(true);
    expect(limiter.hit("c", 1).allowed).toBe(false);
  });
});
