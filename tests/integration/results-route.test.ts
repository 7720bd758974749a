import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ALL_GROUPINGS, groupOf } from "@/lib/analytics/visitor-groupings";
import { DIRECT } from "@/lib/analytics/campaign-key";
import type { Results } from "@/lib/analytics/results";
import {
  SANITY_EDITOR_TOKEN,
  SANITY_OUTSIDER_TOKEN,
  startFakeSanityApi,
  type FakeSanityApi,
} from "../support/sanity/fake-content-lake-api";
import { emptyDatabaseDir } from "../support/supabase/empty-database";

const TOKEN = "results-read-token-0123456789abcdef";
let sanity: FakeSanityApi;
let dir: string;

beforeAll(async () => {
  sanity = await startFakeSanityApi("studio/seed/landing.ndjson");
  dir = mkdtempSync(join(tmpdir(), "results-"));
  await emptyDatabaseDir(dir);
  vi.stubEnv("EMBEDDED_DB_DIR", dir);
  vi.stubEnv("RESULTS_READ_TOKEN", TOKEN);
  vi.stubEnv("NEXT_PUBLIC_SANITY_PROJECT_ID", "e2esanity");
  vi.stubEnv("NEXT_PUBLIC_SANITY_DATASET", "production");
  vi.stubEnv("SANITY_API_HOST", sanity.url);
  vi.stubEnv("CLIENT_IP_HEADER", "x-real-ip");
  // Some counts and a lead in the embedded store, written as the server writes them.
  const { getCountsStore } = await import("@/lib/analytics/counts-store");
  const store = getCountsStore()!;
  const slice = (day: string) => ({
    day,
    market: "mx" as const,
    page: "/mx",
    device: "phone" as const,
    variant: "",
    ...DIRECT,
  });
  await store.recordCounts(
    [
      { ...slice("2026-11-20"), visits: 40, formStarts: 6 },
      { ...slice("2026-11-13"), visits: 20, formStarts: 2 },
    ],
    500,
  );
  // One slice a day: its visitors are those of every group it is in.
  await store.recordVisitors(
    ALL_GROUPINGS.flatMap((groupedBy) => [
      { ...groupOf(slice("2026-11-20"), groupedBy), visitors: 30 },
      { ...groupOf(slice("2026-11-13"), groupedBy), visitors: 15 },
    ]),
  );
}, 60_000);

afterAll(async () => {
  const { getLeadsStore } = await import("@/lib/contact/leads-store");
  await (await getLeadsStore()).close?.();
  await sanity?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function get(query: string, authorization?: string, client = "203.0.113.10") {
  const { GET } = await import("@/app/api/results/route");
  const response = await GET(
    new Request(`http://127.0.0.1/api/results?${query}`, {
      headers: { "x-real-ip": client, ...(authorization ? { authorization } : {}) },
    }),
  );
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as Partial<Results> & { parameter?: string; error?: string },
  };
}

describe("GET /api/results", () => {
  it("answers a script holding RESULTS_READ_TOKEN, with the range, the previous period and the totals", async () => {
    const { status, json, headers } = await get("from=2026-11-14&to=2026-11-20&market=mx", `Bearer ${TOKEN}`);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(json).toMatchObject({
      from: "2026-11-14",
      to: "2026-11-20",
      market: "mx",
      by: ["page"],
      previous: { from: "2026-11-07", to: "2026-11-13" },
      timeZones: { mx: "America/Mexico_City" },
    });
    expect(json.rows).toEqual([
      expect.objectContaining({
        market: "mx",
        page: "/mx",
        visits: 40,
        visitors: 30,
        formStarts: 6,
        leads: 0,
        held: 0,
        previous: expect.objectContaining({ visits: 20, visitors: 15 }),
      }),
    ]);
    expect(json.totals).toMatchObject({ visits: 40, previous: { visits: 20 } });
  });

  it("answers a member of the Sanity project by their Studio token, checked against Sanity's users/me", async () => {
    const { status } = await get("from=2026-11-14&to=2026-11-20", `Bearer ${SANITY_EDITOR_TOKEN}`);
    expect(status).toBe(200);
  });

  it.each([
    ["no token", undefined],
    ["a wrong token", `Bearer ${"x".repeat(40)}`],
    ["a Sanity user who is not a member of the project", `Bearer ${SANITY_OUTSIDER_TOKEN}`],
    ["the token in another scheme", `Basic ${TOKEN}`],
  ])("answers %s with 401 and no figures", async (_, authorization) => {
    const { status, json, headers } = await get("from=2026-11-14&to=2026-11-20", authorization);
    expect(status).toBe(401);
    expect(headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(json).not.toHaveProperty("rows");
  });

  it("checks at most a few unknown tokens a minute per client with Sanity, so made-up ones cannot flood it", async () => {
    // Ten minutes on: the member's token, checked by an earlier test, is no longer cached.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 600_000 });
    try {
      const before = sanity.userLookups;
      // A member's sign-in is checked with Sanity and counts against no limit.
      expect((await get("from=2026-11-14&to=2026-11-20", `Bearer ${SANITY_EDITOR_TOKEN}`, "198.51.100.7")).status).toBe(
        200,
      );
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await get("from=2026-11-14&to=2026-11-20", `Bearer made-up-${i}`, "198.51.100.7")).status);
      // CONTACT_RATE_LIMIT_PER_MINUTE's 5 lookups, then 429 without asking Sanity.
      expect(sanity.userLookups - before).toBe(1 + 5);
      expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
      const limited = await get("from=2026-11-14&to=2026-11-20", "Bearer made-up-x", "198.51.100.7");
      expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(limited.json).not.toHaveProperty("rows");
      // The script's token from that client, and another client, are still answered.
      expect((await get("from=2026-11-14&to=2026-11-20", `Bearer ${TOKEN}`, "198.51.100.7")).status).toBe(200);
      expect((await get("from=2026-11-14&to=2026-11-20", "Bearer made-up-y", "198.51.100.8")).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers a bad parameter with 400 naming it, after the reader is known", async () => {
    const { status, json } = await get("from=2026-11-14&to=2027-12-20", `Bearer ${TOKEN}`);
    expect(status).toBe(400);
    expect(json).toEqual({ parameter: "to", error: "the range may span at most 366 days" });
    expect((await get("from=2026-11-14&to=2026-11-20&by=country", `Bearer ${TOKEN}`)).json.parameter).toBe("by");
    // A stranger learns nothing, not even which parameter is wrong.
    expect((await get("from=yesterday")).status).toBe(401);
  });
});
