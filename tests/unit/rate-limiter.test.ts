import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "@/lib/contact/rate-limiter";
import { captureLogs } from "../support/telemetry/log-lines";

// Exposes gc() so the memory figure is measured after collection, not before it.
setFlagsFromString("--expose-gc");

describe("the in-memory rate limiter", () => {
  const clock = () => {
    let t = 1_000_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it("allows the configured number per minute per client, then says when to retry", async () => {
    const time = clock();
    const limiter = new MemoryRateLimiter(3, { now: time.now });
    const [a, b] = ["203.0.113.1", "203.0.113.2"];
    expect(await limiter.hit(a)).toEqual({ allowed: true });
    time.advance(10_000);
    expect(await limiter.hit(a)).toEqual({ allowed: true });
    expect(await limiter.hit(a)).toEqual({ allowed: true });
    time.advance(20_000);
    // The window opened at the first hit and closes 60 s later: 30 s from now.
    expect(await limiter.hit(a)).toEqual({ allowed: false, retryAfter: 30 });
    expect(await limiter.hit(b)).toEqual({ allowed: true });
    time.advance(29_999);
    expect(await limiter.hit(a)).toEqual({ allowed: false, retryAfter: 1 });
    time.advance(2);
    expect(await limiter.hit(a)).toEqual({ allowed: true });
  });

  it("is off at 0", async () => {
    const limiter = new MemoryRateLimiter(0);
    for (let i = 0; i < 100; i++) expect((await limiter.hit("203.0.113.1")).allowed).toBe(true);
    expect(limiter.size).toBe(0);
  });

  it("puts requests without a valid address in one shared bucket", async () => {
    const limiter = new MemoryRateLimiter(2);
    const answers = await Promise.all(
      [undefined, "garbage", "999.1.1.1", undefined].map((address) => limiter.hit(address)),
    );
    expect(answers.map((a) => a.allowed)).toEqual([true, true, false, false]);
  });

  it("forgets the oldest clients beyond its bound, so spoofed addresses cannot exhaust memory", async () => {
    const limiter = new MemoryRateLimiter(1, { maxClients: 2 });
    const [a, b, c] = ["203.0.113.1", "203.0.113.2", "203.0.113.3"];
    await limiter.hit(a);
    await limiter.hit(b);
    await limiter.hit(c);
    expect(limiter.size).toBe(2);
    expect((await limiter.hit(a)).allowed).toBe(true);
    expect((await limiter.hit(c)).allowed).toBe(false);
  });

  it("holds the /64s of one IPv6 /48 to the network's limit, and other networks to their own", async () => {
    const limiter = new MemoryRateLimiter({ perClient: 5, perNetwork: 20 });
    // 65,536 /64s in a /48: rotating them gives no more than the network's 20.
    const rotating = [];
    for (let i = 0; i < 40; i++) rotating.push((await limiter.hit(`2001:db8:48:${i.toString(16)}::1`)).allowed);
    expect(rotating.filter(Boolean)).toHaveLength(20);
    expect(rotating.slice(20).every((allowed) => !allowed)).toBe(true);
    // Each /64 still has its own 5; a neighbouring /48 is another network.
    expect((await limiter.hit("2001:db8:49::1")).allowed).toBe(true);
    // IPv4 has no network tier: a /24 of distinct addresses gets 5 each.
    for (let i = 0; i < 30; i++) expect((await limiter.hit(`198.51.100.${i}`)).allowed).toBe(true);
  });

  it("refuses every client beyond the global ceiling per minute, saying so once per episode", async () => {
    const time = clock();
    const logs = captureLogs();
    try {
      const limiter = new MemoryRateLimiter({ perClient: 5, perNetwork: 20, global: 10 }, { now: time.now });
      const answers = [];
      for (let i = 0; i < 25; i++) answers.push(await limiter.hit(`192.0.2.${i}`));
      expect(answers.filter((a) => a.allowed)).toHaveLength(10);
      expect(answers[10]).toEqual({ allowed: false, retryAfter: 60 });
      const ceiling = () => logs.events("rate_limit.global_ceiling").map((l) => l.msg);
      expect(ceiling()).toEqual([
        expect.stringContaining(
          "10 submissions per minute from all clients together (CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE)",
        ),
      ]);
      expect(ceiling()[0]).not.toMatch(/192\.0\.2/);
      // The next minute serves clients again; reaching the ceiling again is a new episode, logged once more.
      time.advance(60_001);
      for (let i = 0; i < 10; i++) expect((await limiter.hit(`192.0.2.${100 + i}`)).allowed).toBe(true);
      expect((await limiter.hit("192.0.2.200")).allowed).toBe(false);
      expect((await limiter.hit("192.0.2.201")).allowed).toBe(false);
      expect(ceiling()).toHaveLength(2);
    } finally {
      logs.restore();
    }
  });

  it("takes back an attempt that did not count", async () => {
    const limiter = new MemoryRateLimiter({ perClient: 2, perNetwork: 8 });
    for (let i = 0; i < 5; i++) {
      expect((await limiter.hit("2001:db8:1:2::1")).allowed).toBe(true);
      await limiter.refund("2001:db8:1:2::1");
    }
    expect((await limiter.hit("2001:db8:1:2::1")).allowed).toBe(true);
    expect((await limiter.hit("2001:db8:1:2::1")).allowed).toBe(true);
    expect((await limiter.hit("2001:db8:1:2::1")).allowed).toBe(false);
  });

  it("holds 100,000 distinct clients in bounded memory: at most 50,000 entries, each for one window", async () => {
    const gc = runInNewContext("gc") as () => void;
    const heap = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    const time = clock();
    // Addresses as the limiter keys them: IPv4 strings, all distinct.
    const client = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const measure = async (maxClients?: number) => {
      const before = heap();
      const limiter = new MemoryRateLimiter(5, { now: time.now, ...(maxClients && { maxClients }) });
      for (let i = 0; i < 100_000; i++) await limiter.hit(client(i));
      const grown = heap() - before;
      return { limiter, grown };
    };

    const bounded = await measure();
    expect(bounded.limiter.size).toBe(50_000);
    const unbounded = await measure(100_000);
    expect(unbounded.limiter.size).toBe(100_000);
    console.info(
      `[rate-limit memory] 100,000 distinct clients: default limiter keeps ${bounded.limiter.size} entries, heap +${(bounded.grown / 2 ** 20).toFixed(1)} MiB; ` +
        `with room for all 100,000: heap +${(unbounded.grown / 2 ** 20).toFixed(1)} MiB (${Math.round(unbounded.grown / 100_000)} B per client)`,
    );
    // Roughly 100-200 bytes per short key; well under what a flood could otherwise pin.
    expect(bounded.grown).toBeLessThan(24 * 2 ** 20);
    expect(unbounded.grown).toBeLessThan(48 * 2 ** 20);

    // Bounded by time too: a window later every client starts afresh (expired entries are not counted).
    time.advance(60_001);
    for (let n = 0; n < 5; n++) expect((await bounded.limiter.hit(client(99_999))).allowed).toBe(true);
  });
});
