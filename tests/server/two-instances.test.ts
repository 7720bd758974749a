// Two standalone servers (each in its own directory, as two containers would be) sharing one Redis and one
// Supabase (the local stand-in): the rate limit and spent proofs hold across instances, and a Redis outage never
// blocks leads. The page cache shared through a Redis of its own: tests/server/page-cache.test.ts.
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lead } from "../../bench/lib/contact-load";
import { E2E_PORTS } from "../../scripts/lib/e2e-hosts";
import { FAKE_SERVICE_ROLE_KEY, startFakeSupabase, type FakeSupabase } from "../support/supabase/fake-supabase";
import { startRedis, type TestRedis } from "../../scripts/lib/redis-server";
import {
  copyStandalone,
  startExpectingRefusal,
  startStandalone,
  type StandaloneServer,
} from "../../scripts/lib/standalone-server";
import { proofFrom } from "../../scripts/lib/solve-proof";

const LIMIT = 4;

let work: string;
let redis: TestRedis;
let supabase: FakeSupabase;
let dataset: string;
let a: StandaloneServer;
let b: StandaloneServer;

vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "two-instances-"));
  redis = await startRedis();
  supabase = await startFakeSupabase(0);
  // Both instances read one content source, as they would read one Sanity dataset.
  dataset = join(work, "landing.ndjson");
  cpSync("studio/seed/landing.ndjson", dataset);
  const env = {
    REDIS_URL: redis.url,
    SUPABASE_URL: supabase.url,
    SUPABASE_ANON_KEY: "two-instances-anon-key",
    SUPABASE_SECRET_KEY: FAKE_SERVICE_ROLE_KEY,
    CONTENT_DATASET_FILE: dataset,
    CONVERSION_SIGNING_SECRET: "two-instances-conversion-secret-0123456789",
    CONTACT_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    CLIENT_IP_HEADER: "x-real-ip",
    CONTACT_PROOF_SECRET: "two-instances-proof-secret-0123456789abcdef",
    // Each instance answers on a port of its own: its Host counts as the site's (the Origin check), as behind a proxy.
    FORWARDED_HOST_HEADER: "host",
  };
  copyStandalone(join(work, "a"));
  copyStandalone(join(work, "b"));
  [a, b] = await Promise.all([
    startStandalone(join(work, "a"), E2E_PORTS.instanceA, env),
    startStandalone(join(work, "b"), E2E_PORTS.instanceB, env),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.close();
  await supabase?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** How many rate limiters are connected to Redis and past ioredis's ready check (its INFO). */
async function rateLimitConnections(url: string): Promise<number> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    const list = (await client.client("LIST")) as string;
    return list.split("\n").filter((l) => / name=rate-limit /.test(l) && !/ cmd=(client|setname)/.test(l)).length;
  } catch {
    return 0;
  } finally {
    client.disconnect();
  }
}

/** One submission from `ip` (a fresh lead, with a proof from that instance or the one given) to an instance. */
async function submit(server: StandaloneServer, ip: string, proof?: string): Promise<number> {
  // The servers trust x-real-ip (CLIENT_IP_HEADER), as behind a proxy that sets it.
  const headers = { "content-type": "application/json", origin: server.origin, "x-real-ip": ip };
  const body = {
    ...lead(Math.floor(Math.random() * 1000), randomUUID()),
    proof: proof ?? (await proofFrom(server.origin, headers)),
  };
  const response = await fetch(`${server.origin}/api/contact`, { method: "POST", headers, body: JSON.stringify(body) });
  return response.status;
}

/** `count` submissions from one client, alternating between the instances. */
async function alternate(ip: string, count: number): Promise<number[]> {
  const statuses = [];
  for (let i = 0; i < count; i++) statuses.push(await submit(i % 2 ? b : a, ip));
  return statuses;
}

test("one client across both instances gets exactly the limit", async () => {
  const rowsBefore = (await supabase.rows()).length;
  const statuses = await alternate("203.0.113.50", 10);
  expect(statuses.filter((s) => s === 201)).toHaveLength(LIMIT);
  expect(statuses.slice(LIMIT)).toEqual(Array(10 - LIMIT).fill(429));
  expect((await supabase.rows()).length - rowsBefore).toBe(LIMIT);
  // Another client is counted apart.
  expect(await submit(b, "203.0.113.51")).toBe(201);
});

test("a proof spent on instance A is refused on instance B: that lead is stored but held", async () => {
  const proof = await proofFrom(a.origin, { "x-real-ip": "203.0.113.52" });
  expect(await submit(a, "203.0.113.52", proof)).toBe(201);
  expect(await submit(b, "203.0.113.53", proof)).toBe(201);
  const rows = (await supabase.rows()).slice(-2) as { held_reason: string | null }[];
  expect(rows.map((r) => r.held_reason)).toEqual([null, "spent_proof"]);
});

test("with Redis stopped submissions are still accepted and the warning logged; with Redis back the limit is shared again", async () => {
  const rowsBefore = (await supabase.rows()).length;
  await redis.stop();
  try {
    // Per instance now: each counts its own 4, so 8 of 10 from one client, all stored.
    const during = await alternate("198.51.100.60", 10);
    expect(during.filter((s) => s === 201)).toHaveLength(2 * LIMIT);
    expect((await supabase.rows()).length - rowsBefore).toBe(2 * LIMIT);
    // Pages are still served, rendered per request.
    expect((await fetch(`${a.origin}/br`)).status).toBe(200);
    for (const server of [a, b]) {
      const warnings = server
        .log()
        .split("\n")
        .filter((line) => line.includes('"event":"rate_limit.shared_unavailable"'));
      expect(warnings).toHaveLength(1);
      expect(server.log()).not.toContain("198.51.100.60");
    }
  } finally {
    await redis.start();
  }
  // Each instance's rate limiter reconnects by itself (its connection is named, lib/redis/redis-client.ts).
  await expect.poll(() => rateLimitConnections(redis.url), { timeout: 15_000 }).toBe(2);
  const after = await alternate("198.51.100.61", 10);
  expect(after.filter((s) => s === 201)).toHaveLength(LIMIT);
  for (const server of [a, b]) expect(server.log()).toContain('"event":"rate_limit.shared_restored"');
});

test("with REDIS_URL set, the embedded leads store is refused at start, naming the variables", async () => {
  const { code, output } = await startExpectingRefusal(join(work, "a"), E2E_PORTS.refusal, {
    REDIS_URL: redis.url,
    LEADS_STORE: "embedded",
    CLIENT_IP_HEADER: "x-real-ip",
    CONTENT_DATASET_FILE: dataset,
  });
  expect(code).not.toBe(0);
  expect(output).toContain("REDIS_URL");
  expect(output).toContain("SUPABASE_URL and SUPABASE_ANON_KEY");
});
