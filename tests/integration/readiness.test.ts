// The readiness check against the local Supabase stand-in (the real migration's function, as anon) and a real Redis:
// what it answers for each dependency, each within its deadline, and that a probe storm costs one check.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { emptyDatabaseDir } from "../support/supabase/empty-database";
import { startFakeSupabase, type FakeSupabase } from "../support/supabase/fake-supabase";
import { captureLogs } from "../support/telemetry/log-lines";
import { recordSpans } from "../support/telemetry/span-recorder";
import { startRedis, type TestRedis } from "../../scripts/lib/redis-server";

const ANON_KEY = "readiness-anon-key";
const holder = globalThis as {
  __readiness?: unknown;
  __readinessState?: string;
  __readinessRedis?: { disconnect(): void };
  __leadsStore?: unknown;
};

let fake: FakeSupabase;
let redis: TestRedis;

beforeAll(async () => {
  fake = await startFakeSupabase(0);
  redis = await startRedis();
});
afterAll(async () => {
  await fake.close();
  await redis.close();
});
afterEach(() => {
  holder.__readinessRedis?.disconnect();
  for (const key of ["__readiness", "__readinessState", "__readinessRedis", "__leadsStore"] as const)
    delete holder[key];
  fake.setMode({ rest: "ok" });
  fake.requests.length = 0;
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function readinessWith(env: Record<string, string>) {
  vi.stubEnv("SUPABASE_URL", fake.url);
  vi.stubEnv("SUPABASE_ANON_KEY", ANON_KEY);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return (await import("@/lib/health/readiness")).readiness;
}

const rpcCalls = () => fake.requests.filter((r) => r.path === "/rest/v1/rpc/leads_store_ready");

describe("readiness", () => {
  it("is ready when Supabase lets the anon key insert leads; a storm of probes costs one call", async () => {
    const readiness = await readinessWith({});
    const answers = await Promise.all(Array.from({ length: 100 }, () => readiness()));
    expect(answers[0]).toMatchObject({ ready: true, checks: { store: { status: "up", backend: "supabase" } } });
    expect(new Set(answers).size).toBe(1);
    expect(rpcCalls()).toHaveLength(1);
    expect(rpcCalls()[0]).toMatchObject({ method: "POST", apikey: ANON_KEY });
  });

  it("reuses an answer for a few seconds, then sees the store down, naming no host or key", async () => {
    const readiness = await readinessWith({});
    const logs = captureLogs();
    const start = Date.now();
    expect((await readiness(start)).ready).toBe(true);
    fake.setMode({ rest: "down" });
    expect((await readiness(start + 4_000)).ready).toBe(true);
    const down = await readiness(start + 5_000);
    logs.restore();
    expect(down).toMatchObject({
      ready: false,
      checks: { store: { status: "down", error: "Supabase answered 500 (XX000)" } },
    });
    expect(JSON.stringify(down)).not.toContain(new URL(fake.url).host);
    expect(JSON.stringify(down)).not.toContain(ANON_KEY);
    expect(rpcCalls()).toHaveLength(2);
    // One line per change, not per probe.
    expect(logs.events("readiness.changed").map((l) => [l.level, l.ready])).toEqual([
      ["info", true],
      ["warn", false],
    ]);
  });

  it("gives up on a store slower than its deadline, and on one that drops the connection", async () => {
    const readiness = await readinessWith({});
    fake.setMode({ rest: "slow", slowMs: 5_000 });
    const started = performance.now();
    const slow = await readiness();
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(slow.checks.store).toMatchObject({ status: "down", error: "the leads store did not answer within 1500 ms" });
    fake.setMode({ rest: "refuse" });
    expect((await readiness(Date.now() + 10_000)).checks.store).toMatchObject({
      status: "down",
      error: "Supabase is unreachable",
    });
  });

  it("checks Redis when REDIS_URL is set, and names it when it is gone", async () => {
    const readiness = await readinessWith({ REDIS_URL: redis.url });
    const up = await readiness();
    expect(up).toMatchObject({ ready: true, checks: { store: { status: "up" }, redis: { status: "up" } } });
    await redis.stop();
    try {
      const down = await readiness(Date.now() + 10_000);
      expect(down).toMatchObject({ ready: false, checks: { store: { status: "up" }, redis: { status: "down" } } });
      expect(down.checks.redis!.durationMs).toBeLessThan(1_500);
      expect(down.checks.redis!.error).toMatch(/^Redis /);
    } finally {
      await redis.start();
    }
  });

  it("answers the public only ready or not: which dependency failed goes to the log line and the span", async () => {
    vi.stubEnv("REDIS_URL", redis.url);
    await readinessWith({});
    const { GET } = await import("@/app/api/ready/route");
    const up = await GET();
    expect([up.status, await up.json()]).toEqual([200, { status: "ready" }]);
    await redis.stop();
    const logs = captureLogs();
    const spans = recordSpans();
    try {
      delete holder.__readiness;
      const down = await GET();
      expect([down.status, await down.json()]).toEqual([503, { status: "unavailable" }]);
    } finally {
      logs.restore();
      spans.stop();
      await redis.start();
    }
    expect(logs.events("readiness.changed").at(-1)).toMatchObject({ level: "warn", ready: false, failing: ["redis"] });
    expect(logs.events("readiness.changed").at(-1)!.msg).toMatch(/redis: Redis /);
    const span = spans.ended().find((s) => s.name === "readiness.check")!;
    expect(span.attributes).toMatchObject({ "readiness.ready": false, "readiness.failing": ["redis"] });
    expect(span.status.message).toMatch(/redis: Redis /);
  });

  it("on the embedded store, is ready once the database is open", async () => {
    const dir = mkdtempSync(join(tmpdir(), "readiness-"));
    // A database made before, as on every start but the first (leads-store.test.ts opens an empty folder).
    await emptyDatabaseDir(join(dir, "pgdata"));
    const readiness = await readinessWith({
      SUPABASE_URL: "",
      SUPABASE_ANON_KEY: "",
      EMBEDDED_DB_DIR: join(dir, "pgdata"),
    });
    // A cold open (WebAssembly, migrations) can outlast the deadline: then not ready yet, and ready once it is open.
    const store = await (await import("@/lib/contact/leads-store")).getLeadsStore();
    try {
      expect(await readiness()).toMatchObject({
        ready: true,
        checks: { store: { status: "up", backend: "embedded" } },
      });
    } finally {
      await store.close?.();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
