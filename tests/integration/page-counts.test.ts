import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CountBuffer } from "@/lib/analytics/count-buffer";
import { embeddedCall, supabaseCall } from "@/lib/analytics/counts-store";
import type { CountsStore } from "@/lib/analytics/counts-store-contract";
import { SqlCountsStore, type CallFunction } from "@/lib/analytics/sql-counts-store";
import { CLICK_ID_MEDIUM, DIRECT, NOT_SET } from "@/lib/analytics/campaign-key";
import type { Slice } from "@/lib/analytics/slices";
import { EVERY_PART, partsOf } from "@/lib/analytics/visitor-groupings";
import { readResults } from "@/lib/analytics/results";
import { MemoryVisitorCounter, RedisVisitorCounter } from "@/lib/analytics/visitor-counter";
import { PgliteLeadsStore } from "@/lib/contact/pglite-leads-store";
import { toRow } from "@/lib/contact/leads-store-contract";
import { connectRedis } from "@/lib/redis/redis-client";
import { MARKET_TIME_ZONES } from "@/lib/markets/time-zones";
import { beforeExit, runExitHooks } from "@/lib/health/exit-hooks";
import { migratedDatabase } from "../support/supabase/empty-database";
import { FAKE_SERVICE_ROLE_KEY, startFakeSupabase, type FakeSupabase } from "../support/supabase/fake-supabase";
import { postgresAvailable, startPostgres } from "../support/supabase/postgres-server";
import { startRedis, type TestRedis } from "../../scripts/lib/redis-server";
import { sampleLead } from "../support/contact/sample-lead";

const slice = (overrides: Partial<Slice> = {}): Slice => ({
  day: "2026-11-27",
  market: "mx",
  page: "/mx",
  device: "phone",
  variant: "",
  ...DIRECT,
  ...overrides,
});

const migrations = () =>
  readdirSync("supabase/migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => readFileSync(`supabase/migrations/${f}`, "utf8"));

/**
 * What a new Supabase project grants before any migration runs: its three API roles, and default privileges that give
 * anon and authenticated every new table, function and sequence in `public` (Supabase's own setup, as `supabase
 * start` creates it). A migration that forgets to revoke leaves a new table open to the anon key.
 */
const SUPABASE_DEFAULT_GRANTS = `
  create role anon nologin noinherit;
  create role authenticated nologin noinherit;
  create role service_role nologin noinherit bypassrls;
  grant usage on schema public to anon, authenticated, service_role;
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
`;

describe.skipIf(!postgresAvailable())("the counts on PostgreSQL 15 with Supabase's default grants", () => {
  let server: Awaited<ReturnType<typeof startPostgres>>;
  let client: pg.Client;
  let pool: pg.Pool;
  let store: CountsStore;

  /** Runs as `role` inside a transaction it rolls back; answers the SQLSTATE, or "ok". */
  const as = async (role: string, sql: string, params: unknown[] = []) => {
    await client.query(`begin; set local role ${role}`);
    try {
      await client.query(sql, params);
      return "ok";
    } catch (error) {
      return (error as { code?: string }).code;
    } finally {
      await client.query("rollback");
    }
  };

  beforeAll(async () => {
    server = await startPostgres();
    client = new pg.Client({ connectionString: server.connectionString });
    await client.connect();
    await client.query(SUPABASE_DEFAULT_GRANTS);
    for (const sql of migrations()) await client.query(sql);
    // The server's credential runs as service_role, as PostgREST runs Supabase's secret key.
    // Each call on a connection of its own, as concurrent PostgREST requests are.
    pool = new pg.Pool({ connectionString: server.connectionString, max: 4 });
    const call: CallFunction = async (name, args) => {
      const entries = Object.entries(args);
      const connection = await pool.connect();
      try {
        await connection.query("begin; set local role service_role");
        const { rows } = await connection.query(
          `select public.${name}(${entries.map(([arg], i) => `${arg} => $${i + 1}`).join(", ")}) as result`,
          entries.map(([, v]) => (v !== null && typeof v === "object" ? JSON.stringify(v) : v)),
        );
        await connection.query("commit");
        return rows[0]?.result;
      } catch (error) {
        await connection.query("rollback");
        throw error;
      } finally {
        connection.release();
      }
    };
    store = new SqlCountsStore(call);
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await pool?.end();
    server?.stop();
  });

  it("gives the anon key (and signed-in users) no way to read or write counts", async () => {
    for (const role of ["anon", "authenticated"]) {
      for (const table of ["page_counts", "page_visitors", "page_vitals", "page_count_campaigns"]) {
        expect(await as(role, `select * from public.${table}`), `${role} select ${table}`).toBe("42501");
        expect(await as(role, `delete from public.${table}`), `${role} delete ${table}`).toBe("42501");
      }
      expect(
        await as(
          role,
          "insert into public.page_counts (day, market, page, source, medium, campaign, device, visits) values ('2026-11-27', 'mx', '/mx', 'a', 'b', 'c', 'phone', 1000)",
        ),
      ).toBe("42501");
      expect(
        await as(role, `select public.record_page_counts('[]'::jsonb, 500, '[]'::jsonb)`),
        `${role} record_page_counts`,
      ).toBe("42501");
      expect(await as(role, `select public.record_page_visitors('[]'::jsonb, '[]'::jsonb)`)).toBe("42501");
      expect(await as(role, `select public.record_page_vitals('[]'::jsonb)`)).toBe("42501");
      expect(await as(role, `select public.page_count_rows('2026-01-01', '2026-12-31')`)).toBe("42501");
      expect(await as(role, `select public.page_vital_rows('2026-01-01', '2026-12-31')`)).toBe("42501");
      expect(await as(role, `select public.lead_count_rows('2026-01-01', '2026-12-31', '{}'::jsonb)`)).toBe("42501");
    }
    // The leads stay insert-only for anon under the same default grants.
    expect(await as("anon", "select count(*) from public.contact_submissions")).toBe("42501");
  });

  it("adds up two instances' batches, and caps a market's new campaign keys across them", async () => {
    const a = new CountBuffer(store, undefined, { flushMs: 60_000, campaignCap: 3 });
    const b = new CountBuffer(store, undefined, { flushMs: 60_000, campaignCap: 3 });
    for (let i = 0; i < 50; i++) (i % 2 ? a : b).visit(slice());
    a.formStart(slice());
    a.visit(slice({ source: "one", medium: "m", campaign: "c" }));
    a.visit(slice({ source: "two", medium: "m", campaign: "c" }));
    b.visit(slice({ source: "three", medium: "m", campaign: "c" }));
    b.visit(slice({ source: "four", medium: "m", campaign: "c" }));
    await Promise.all([a.flush(), b.flush()]);
    const rows = await store.countRows({ from: "2026-11-27", to: "2026-11-27" }, EVERY_PART);
    const bySource = Object.fromEntries(rows.map((r) => [r.source, r.visits]));
    expect(bySource["(direct)"]).toBe(50);
    expect(rows.find((r) => r.source === "(direct)")!.formStarts).toBe(1);
    // Three campaign keys at most (direct is not one): the two of whichever batch came first and one of the other's,
    // whose second counts as "(other)".
    expect(Object.keys(bySource)).toHaveLength(5);
    expect(bySource["(other)"]).toBe(1);
    a.stop();
    b.stop();
  });

  it("takes concurrent batches that name the same markets in another order, without a deadlock", async () => {
    // Two instances' buffers list their slices in the order their visits came: here one starts with Mexico's, the
    // other with Argentina's. Neither batch may wait on the other in a circle (PostgreSQL would abort one).
    const day = "2026-11-24";
    const rows = (market: "mx" | "ar") =>
      Array.from({ length: 150 }, (_, i) => ({
        ...slice({ day, market, page: `/${market}`, source: "s", medium: "m", campaign: `c${i}` }),
        visits: 1,
        formStarts: 0,
      }));
    for (let round = 0; round < 3; round++) {
      await Promise.all([
        store.recordCounts([...rows("mx"), ...rows("ar")], 500),
        store.recordCounts([...rows("ar"), ...rows("mx")], 500),
      ]);
    }
    const counted = await store.countRows({ from: day, to: day }, EVERY_PART);
    expect(counted).toHaveLength(300);
    expect(counted.every((row) => row.visits === 6)).toBe(true);
  });

  it("takes concurrent field-speed batches that list the same buckets in another order, without a deadlock", async () => {
    const day = "2026-11-24";
    const buckets = Array.from({ length: 100 }, (_, bucket) => ({
      day,
      market: "mx" as const,
      page: "/mx",
      device: "phone" as const,
      metric: "LCP" as const,
      bucket,
      samples: 1,
    }));
    for (let round = 0; round < 5; round++) {
      await Promise.all([store.recordVitals(buckets), store.recordVitals([...buckets].reverse())]);
    }
    const rows = await store.vitalRows({ from: day, to: day });
    expect(rows).toHaveLength(100);
    expect(rows.every((row) => row.samples === 10)).toBe(true);
  });

  it("reads leads per market day, page and last-touch campaign, held apart", async () => {
    const insert = async (created: string, overrides: Record<string, unknown> = {}) => {
      const lead = { ...toRow(sampleLead({ attribution: {} })), ...overrides };
      const columns = Object.keys(lead);
      await client.query(
        `insert into public.contact_submissions (${columns.join(", ")}, created_at) values (${columns
          .map((_, i) => `$${i + 1}`)
          .join(", ")}, $${columns.length + 1})`,
        [...Object.values(lead), created],
      );
    };
    // 02:00 UTC on the 28th is still the 27th in Mexico City.
    await insert("2026-11-28T02:00:00Z", { last_utm_source: "Google", last_utm_medium: "cpc" });
    await insert("2026-11-27T15:00:00Z", { page_slug: "importadores-china", last_gclid: "abc" });
    await insert("2026-11-27T16:00:00Z", { held_reason: "no_proof", device: "desktop" });
    await insert("2026-11-27T17:00:00Z", { device: null });
    await insert("2026-11-28T07:00:00Z");
    const rows = await store.leadRows({ from: "2026-11-27", to: "2026-11-27", market: "mx" }, MARKET_TIME_ZONES);
    expect(rows.map((r) => [r.day, r.pageSlug, r.source, r.platform, r.held, r.device, r.leads]).sort()).toEqual(
      [
        ["2026-11-27", null, "Google", null, false, "phone", 1],
        ["2026-11-27", "importadores-china", null, "google", false, "phone", 1],
        ["2026-11-27", null, null, null, true, "desktop", 1],
        // A lead stored before devices were recorded.
        ["2026-11-27", null, null, null, false, "", 1],
      ].sort(),
    );
  });
});

describe("the counts in the embedded database", () => {
  let leads: PgliteLeadsStore;
  let store: CountsStore;
  beforeAll(async () => {
    leads = await PgliteLeadsStore.onDatabase(await migratedDatabase());
    store = new SqlCountsStore(embeddedCall(async () => leads));
  });
  afterAll(() => leads?.close());

  it("writes and reads counts and histograms through the same SQL functions, as the server's role", async () => {
    const buffer = new CountBuffer(store, undefined, { flushMs: 60_000 });
    buffer.visit(slice({ market: "br", page: "/br" }));
    buffer.vital({ day: "2026-11-27", market: "br", page: "/br", device: "phone", metric: "LCP", bucket: 12 });
    await buffer.flush();
    buffer.visit(slice({ market: "br", page: "/br" }));
    buffer.vital({ day: "2026-11-28", market: "br", page: "/br", device: "phone", metric: "LCP", bucket: 12 });
    await buffer.flush();
    expect(await store.countRows({ from: "2026-11-01", to: "2026-11-30", market: "br" }, EVERY_PART)).toEqual([
      expect.objectContaining({ market: "br", page: "/br", visits: 2, formStarts: 0, visitors: null }),
    ]);
    expect(await store.vitalRows({ from: "2026-11-01", to: "2026-11-30" })).toEqual([
      { market: "br", page: "/br", device: "phone", metric: "LCP", bucket: 12, samples: 2 },
    ]);
    buffer.stop();
  });

  it("counts a visitor of two pages, from two campaigns, once in the market and once in each page", async () => {
    const buffer = new CountBuffer(store, new MemoryVisitorCounter(), { flushMs: 60_000 });
    const day = "2026-11-23";
    const china = { page: "/mx/importadores-china", source: "google", medium: "cpc", campaign: "china" };
    // Ana comes from an ad to the campaign page, then reads the market's page; Luis reads the market's page twice.
    buffer.visit(slice({ day, ...china }), "ana");
    buffer.visit(slice({ day }), "ana");
    buffer.visit(slice({ day }), "luis");
    buffer.visit(slice({ day }), "luis");
    await buffer.flush();
    const range = { from: day, to: day, market: "mx" as const };
    expect(await store.countRows(range, partsOf([]))).toEqual([
      { day, market: "mx", visits: 4, formStarts: 0, visitors: 2 },
    ]);
    const pages = await store.countRows(range, partsOf(["page"]));
    expect(pages.map((r) => [r.page, r.visits, r.visitors]).sort()).toEqual([
      ["/mx", 3, 2],
      ["/mx/importadores-china", 1, 1],
    ]);
    // The results add the rows' visits, not their visitors: the total is the market's own.
    const results = await readResults(store, { ...range, by: ["page", "campaign"] }, MARKET_TIME_ZONES);
    expect(results.rows.reduce((sum, row) => sum + row.visitors!, 0)).toBe(3);
    expect(results.totals).toMatchObject({ visits: 4, visitors: 2 });
    expect(results.pages.find((row) => row.page === "/mx")).toMatchObject({ visits: 3, visitors: 2 });
    buffer.stop();
  });

  it("checks the campaign cap without reading the market's day of counts for each slice of a batch", async () => {
    const item = (page: string, i: number) => ({
      ...slice({ day: "2026-11-25", page, source: "s", medium: "m", campaign: `c${i}` }),
      visits: 1,
      formStarts: 0,
    });
    for (const page of ["/mx", "/mx/uno", "/mx/dos", "/mx/tres"])
      await store.recordCounts(
        Array.from({ length: 400 }, (_, i) => item(page, i)),
        500,
      );
    // 1,600 rows that day; a batch of 100 slices (50 known keys, 50 new ones) then reads a few index entries each.
    const batch = Array.from({ length: 100 }, (_, i) => item("/mx", 350 + i));
    const read = await leads.withRole("service_role", async (tx) => {
      await tx.query("select public.record_page_counts($1, 500)", [JSON.stringify(batch)]);
      const { rows } = await tx.query<{ n: number }>(
        "select (seq_tup_read + coalesce(idx_tup_fetch, 0))::int as n from pg_stat_xact_user_tables where relname = 'page_counts'",
      );
      return rows[0]!.n;
    });
    expect(read).toBeLessThan(10 * batch.length);
  });

  it("keeps direct visits and ad clicks apart once a market's campaign keys are capped", async () => {
    const day = "2026-11-26";
    const visit = (key: Partial<Slice>) => ({ ...slice({ day, ...key }), visits: 1, formStarts: 0 });
    await store.recordCounts(
      [1, 2, 3].map((i) => visit({ source: "flood", medium: "m", campaign: `c${i}` })),
      2,
    );
    await store.recordCounts(
      [
        visit({ source: "late", medium: "m", campaign: "c" }),
        visit(DIRECT),
        visit({ source: "google", medium: CLICK_ID_MEDIUM, campaign: NOT_SET }),
      ],
      2,
    );
    const rows = await store.countRows({ from: day, to: day }, EVERY_PART);
    expect(rows.map((r) => [r.source, r.visits]).sort()).toEqual(
      [
        ["(direct)", 1],
        ["(other)", 2],
        ["flood", 1],
        ["flood", 1],
        ["google", 1],
      ].sort(),
    );
  });

  it("flushes what is buffered when the server stops, before the database closes", async () => {
    const buffer = new CountBuffer(store, undefined, { flushMs: 60_000 });
    const remove = beforeExit("flush", () => buffer.flush());
    buffer.visit(slice({ market: "ar", page: "/ar" }));
    buffer.visit(slice({ market: "ar", page: "/ar" }));
    await runExitHooks();
    remove();
    expect(await store.countRows({ from: "2026-11-27", to: "2026-11-27", market: "ar" }, EVERY_PART)).toEqual([
      expect.objectContaining({ visits: 2 }),
    ]);
  });

  it("loses at most the last interval's counts in a crash: earlier ones are already written", async () => {
    const buffer = new CountBuffer(store, undefined, { flushMs: 100 });
    const day = slice({ day: "2026-11-20" });
    for (let i = 0; i < 10; i++) buffer.visit(day);
    await new Promise((resolve) => setTimeout(resolve, 300));
    buffer.visit(day);
    // The process dies here: the timer never runs again.
    buffer.stop();
    expect(await store.countRows({ from: "2026-11-20", to: "2026-11-20" }, EVERY_PART)).toEqual([
      expect.objectContaining({ visits: 10 }),
    ]);
  });
});

describe("the counts through Supabase's REST API (the local stand-in)", () => {
  let supabase: FakeSupabase;
  beforeAll(async () => {
    supabase = await startFakeSupabase();
  });
  afterAll(() => supabase?.close());

  it("writes and reads with the secret key, and refuses the anon key", async () => {
    const store = new SqlCountsStore(supabaseCall(supabase.url, FAKE_SERVICE_ROLE_KEY, 10_000));
    await store.recordCounts([{ ...slice(), visits: 3, formStarts: 1 }], 500);
    await store.recordVisitors([{ ...slice(), groupedBy: EVERY_PART, visitors: 2 }]);
    expect(await store.countRows({ from: "2026-11-27", to: "2026-11-27" }, EVERY_PART)).toEqual([
      expect.objectContaining({ visits: 3, formStarts: 1, visitors: 2 }),
    ]);
    const anon = new SqlCountsStore(supabaseCall(supabase.url, "e2e-anon-key", 10_000));
    await expect(anon.recordCounts([{ ...slice(), visits: 1000, formStarts: 0 }], 500)).rejects.toThrow(/counts store/);
    await expect(anon.recordVisitors([{ ...slice(), groupedBy: 0, visitors: 1000 }])).rejects.toThrow(/counts store/);
    await expect(anon.countRows({ from: "2026-11-27", to: "2026-11-27" }, EVERY_PART)).rejects.toThrow();
    expect((await store.countRows({ from: "2026-11-27", to: "2026-11-27" }, EVERY_PART))[0]!.visits).toBe(3);
  });
});

describe("two instances on one Redis", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  }, 60_000);
  afterAll(() => redis?.close());

  it("share each day's salt, so a visitor seen by both counts once, and their visits add up", async () => {
    const leads = await PgliteLeadsStore.onDatabase(await migratedDatabase());
    const store = new SqlCountsStore(embeddedCall(async () => leads));
    const [one, two] = [connectRedis(redis.url, "a"), connectRedis(redis.url, "b")];
    await Promise.all([one, two].map((c) => new Promise((resolve) => c.once("ready", resolve))));
    const day = "2026-11-27";
    // The day's salt as the first instance to see a visitor sets it (SET NX), but fixed: a HyperLogLog counts 21
    // visitors exactly unless two of their hashes share a register, which a random salt makes happen about once in
    // a hundred runs. Both instances still read it from Redis.
    await one.set(`visitor-salt:mx:${day}`, "page-counts-test-salt", "EX", 3600, "NX");
    const visitorsA = new RedisVisitorCounter(one);
    const visitorsB = new RedisVisitorCounter(two);
    const a = new CountBuffer(store, visitorsA, { flushMs: 60_000 });
    const b = new CountBuffer(store, visitorsB, { flushMs: 60_000 });
    const person = (i: number) => [`203.0.113.${i}`, "Firefox"] as const;
    for (let i = 0; i < 20; i++) {
      // Person i is seen by instance A; every other one comes back through instance B.
      a.visit(slice(), await visitorsA.visitor("mx", day, ...person(i)));
      if (i % 2 === 0) b.visit(slice(), await visitorsB.visitor("mx", day, ...person(i)));
    }
    await a.flush();
    await b.flush();
    b.visit(slice(), await visitorsB.visitor("mx", day, ...person(99)));
    await b.flush();
    const [row] = await store.countRows({ from: day, to: day }, EVERY_PART);
    expect(row).toMatchObject({ visits: 31, visitors: 21 });
    const [market] = await store.countRows({ from: day, to: day }, partsOf([]));
    expect(market).toMatchObject({ market: "mx", visits: 31, visitors: 21 });
    // A day without a salt gets one from the first instance, expiring like the rest.
    await visitorsA.visitor("mx", "2026-11-26", ...person(1));
    expect(await one.ttl("visitor-salt:mx:2026-11-26")).toBeGreaterThan(0);
    // The hashes and the salt expire within 48 hours; nothing else is kept.
    const keys = await one.keys("*");
    expect(keys.some((k) => k.startsWith("visitor-salt:mx:2026-11-27"))).toBe(true);
    for (const key of keys) expect(await one.ttl(key)).toBeLessThanOrEqual(48 * 3600);
    expect(keys.join(" ")).not.toContain("203.0.113");
    a.stop();
    b.stop();
    one.disconnect();
    two.disconnect();
    await leads.close();
  });
});
