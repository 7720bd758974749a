import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLogs } from "../support/telemetry/log-lines";
import type { Redis } from "ioredis";
import { RedisRateLimiter, type RateLimits } from "@/lib/contact/rate-limiter";
import { connectRedis } from "@/lib/redis/redis-client";
import { startRedis, type TestRedis } from "../../scripts/lib/redis-server";

// Two limiters on two connections stand for two server instances sharing one Redis.
describe("the Redis rate limiter", () => {
  let redis: TestRedis;
  const clients: Redis[] = [];
  const instance = (limits: RateLimits | number, keyPrefix?: string) => {
    const client = connectRedis(redis.url, "test");
    clients.push(client);
    return new RedisRateLimiter(client, limits, keyPrefix ? { keyPrefix } : {});
  };
  const until = async (check: () => Promise<boolean>, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await redis?.close();
  });

  it("gives one client exactly the limit across instances, and says when to retry", async () => {
    const [a, b] = [instance(4), instance(4)];
    await until(async () => clients.every((c) => c.status === "ready"));
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await (i % 2 ? b : a).hit("203.0.113.7"));
    expect(answers.filter((d) => d.allowed)).toHaveLength(4);
    const refused = answers.at(-1)!;
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfter).toBeGreaterThanOrEqual(59);
    // Another client has its own count.
    expect((await b.hit("198.51.100.2")).allowed).toBe(true);
  });

  it("holds one IPv6 /48 rotating its /64s to the network limit, and all clients to the global ceiling, across instances", async () => {
    const logs = captureLogs();
    try {
      const limits = { perClient: 5, perNetwork: 20, global: 30 };
      const [a, b] = [instance(limits, "tiers-test"), instance(limits, "tiers-test")];
      await until(async () => clients.every((c) => c.status === "ready"));
      const rotating = [];
      for (let i = 0; i < 30; i++) rotating.push(await (i % 2 ? b : a).hit(`2001:db8:48:${i.toString(16)}::1`));
      expect(rotating.filter((d) => d.allowed)).toHaveLength(20);
      expect(rotating[20]).toMatchObject({ allowed: false });
      // Other clients fill the rest of the ceiling (30 in all), then everyone is refused, and it is said once per
      // instance.
      const others = [];
      for (let i = 0; i < 14; i++) others.push(await (i % 2 ? b : a).hit(`198.51.100.${i}`));
      expect(others.filter((d) => d.allowed)).toHaveLength(10);
      const refused = others.at(-1)!;
      expect(refused.allowed).toBe(false);
      if (!refused.allowed) expect(refused.retryAfter).toBeGreaterThanOrEqual(55);
      const notices = logs.events("rate_limit.global_ceiling").map((l) => l.msg);
      expect(notices).toHaveLength(2);
      expect(notices.join("\n")).not.toMatch(/198\.51\.100|2001:db8/);
    } finally {
      logs.restore();
    }
  });

  it("gives back a refunded attempt on every tier", async () => {
    const [a, b] = [
      instance({ perClient: 2, perNetwork: 4 }, "refund-test"),
      instance({ perClient: 2, perNetwork: 4 }, "refund-test"),
    ];
    await until(async () => clients.every((c) => c.status === "ready"));
    for (let i = 0; i < 6; i++) {
      expect((await a.hit("2001:db8:9:1::1")).allowed).toBe(true);
      await b.refund("2001:db8:9:1::1");
    }
    expect((await b.hit("2001:db8:9:1::1")).allowed).toBe(true);
    expect((await a.hit("2001:db8:9:1::1")).allowed).toBe(true);
    expect((await b.hit("2001:db8:9:1::1")).allowed).toBe(false);
  });

  it("keeps accepting while Redis is down, warns once per outage, and shares the count again when it is back", async () => {
    const [a, b] = [instance(3), instance(3)];
    await until(async () => clients.every((c) => c.status === "ready"));
    const logs = captureLogs();
    try {
      await redis.stop();
      // Each instance counts on its own: 3 each, so 6 of 10 (an outage never blocks leads).
      const during = [];
      for (let i = 0; i < 10; i++) during.push(await (i % 2 ? b : a).hit("192.0.2.44"));
      expect(during.filter((d) => d.allowed)).toHaveLength(6);
      expect(logs.events("rate_limit.shared_unavailable").map((l) => l.level)).toEqual(["warn", "warn"]); // one per instance
      expect(logs.text()).not.toContain("192.0.2.44");

      await redis.start();
      await until(async () => clients.every((c) => c.status === "ready"));
      const after = [];
      for (let i = 0; i < 6; i++) after.push(await (i % 2 ? b : a).hit("192.0.2.45"));
      expect(after.filter((d) => d.allowed)).toHaveLength(3);
      expect(logs.events("rate_limit.shared_restored")).toHaveLength(2);
      expect(logs.events("rate_limit.shared_unavailable")).toHaveLength(2);
    } finally {
      logs.restore();
    }
  });
});
