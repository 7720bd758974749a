import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { handleContact, type ContactDeps } from "@/lib/contact/handle-contact";
import type { Lead } from "@/lib/contact/leads-store-contract";
import { PgliteLeadsStore } from "@/lib/contact/pglite-leads-store";
import { MemoryRateLimiter } from "@/lib/contact/rate-limiter";
import { limitsFor, type RateLimitPurpose } from "@/lib/contact/intake-limits";
import { readServerEnv } from "@/lib/env/env";
import { createProofChallenge, verifyProof } from "@/lib/proof-of-work/proof-challenge";
import { memorySpentProofs } from "@/lib/proof-of-work/spent-proofs";
import { validContactRequest as valid } from "../support/contact/contact-request";
import { captureLogs } from "../support/telemetry/log-lines";
import { solveProof } from "../../scripts/lib/solve-proof";
import { migratedDatabase } from "../support/supabase/empty-database";

// The route's wiring with the default limits (5 a minute per client, 20 per /48, a ceiling of 100 a minute), the
// real proof check and a real database: what a flood meets in production.
const SITE = "https://pagos.example";
const SECRET = "intake-test-proof-secret-0123456789abcdef";
let db: PGlite;
let store: PgliteLeadsStore;
let alerted: Lead[];
let held: Lead[];
let reported: Lead[];
let deps: ContactDeps;

const limiter = (purpose: RateLimitPurpose, env: Record<string, string> = {}) => {
  const { limits, windowMs, ceilingNotice } = limitsFor(purpose, readServerEnv(env));
  return new MemoryRateLimiter(limits, { windowMs, ceilingNotice });
};

const proof = (site = SITE, now = Date.now()) =>
  createProofChallenge({ secret: SECRET, site }, now).then((challenge) => solveProof(challenge));

function post(body: object | string, ip: string, headers: Record<string, string> = { origin: SITE }) {
  return handleContact(
    new Request(`${SITE}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-real-ip": ip, "user-agent": "Mozilla/5.0", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    deps,
  );
}

const rows = async () =>
  (await db.query<{ id: string; held_reason: string | null }>("select id, held_reason from contact_submissions")).rows;

beforeAll(async () => {
  vi.stubEnv("CLIENT_IP_HEADER", "x-real-ip");
  db = await migratedDatabase();
  store = await PgliteLeadsStore.onDatabase(db);
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.exec("delete from contact_submissions");
  alerted = [];
  held = [];
  reported = [];
  const spend = memorySpentProofs();
  deps = {
    store: async () => store,
    limiter: limiter("contact"),
    limiters: {
      invalid: limiter("contact-invalid"),
      held: limiter("contact-held"),
      heldPerHour: limiter("contact-held-hourly"),
      ceiling: limiter("contact-ceiling"),
    },
    proof: (p) => verifyProof(p, { secret: SECRET, site: SITE, spend }),
    report: (lead) => reported.push(lead),
    alert: (lead) => alerted.push(lead),
    hold: (lead) => held.push(lead),
    consent: async () => "granted",
    siteUrl: SITE,
  };
});

const addresses = Array.from({ length: 25 }, (_, i) => `198.51.100.${i + 1}`);

describe("a flood of junk", () => {
  it("never closes the form: 25 addresses posting junk leave a person's proven lead stored, 201 and alerted", async () => {
    const logs = captureLogs();
    const junk = ["{}", "not json", JSON.stringify(valid({ email: "nope" })), JSON.stringify(valid({ website: "x" }))];
    const statuses: number[] = [];
    for (const ip of addresses)
      for (let i = 0; i < 8; i++) statuses.push((await post(junk[i % junk.length]!, ip)).status);
    // Each address gets its own bucket for junk: 5 answered, then 429.
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 * 3);
    const person = valid({ proof: await proof() });
    expect((await post(person, "203.0.113.50")).status).toBe(201);
    expect(alerted.map((l) => l.id)).toEqual([person.submissionId]);
    expect(await rows()).toEqual([{ id: person.submissionId, held_reason: null }]);
    logs.restore();
  });

  it("refuses a POST without Origin with 403, counting nothing", async () => {
    const response = await post(valid({ proof: await proof() }), "203.0.113.51", {});
    expect(response.status).toBe(403);
    expect(await rows()).toEqual([]);
  });
});

describe("the global ceiling", () => {
  it("above it, proven leads are still stored and answered 201; their alerts go to the summary, marked why", async () => {
    const logs = captureLogs();
    // 21 addresses × 5 proven leads: 105, five more than the ceiling of 100 a minute.
    const ids: string[] = [];
    for (const ip of addresses.slice(0, 21))
      for (let i = 0; i < 5; i++) {
        const body = valid({ proof: await proof() });
        ids.push(body.submissionId);
        expect((await post(body, ip)).status).toBe(201);
      }
    expect(alerted).toHaveLength(100);
    expect(held.map((l) => [l.id, l.held])).toEqual(ids.slice(100).map((id) => [id, "over_ceiling"]));
    const stored = await rows();
    expect(stored).toHaveLength(105);
    expect(stored.filter((r) => r.held_reason === "over_ceiling").map((r) => r.id)).toEqual(ids.slice(100));
    // Each is still reported: the function withholds it, as its row says.
    expect(reported).toHaveLength(105);
    expect(logs.events("rate_limit.global_ceiling").map((l) => l.msg)).toEqual([
      expect.stringMatching(/further leads are stored and answered as usual/),
    ]);
    // The per-client limit still holds for proven leads.
    expect((await post(valid({ proof: await proof() }), addresses[0]!)).status).toBe(429);
    logs.restore();
    // 106 proofs solved and leads stored, beside the suite's other workers: more than the default's room.
  }, 120_000);
});

describe("the proof of work", () => {
  it("holds a lead without a valid proof: stored, answered 201, no alert, marked why", async () => {
    const other = await proof("https://staging.pagos.example");
    const expired = await proof(SITE, Date.now() - 31 * 60_000);
    const spent = await proof();
    expect((await post(valid({ proof: spent }), "203.0.113.60")).status).toBe(201);
    const cases = [
      [undefined, "no_proof"],
      ["garbage", "invalid_proof"],
      [other, "invalid_proof"],
      [expired, "expired_proof"],
      [spent, "spent_proof"],
    ] as const;
    for (const [i, [value, reason]] of cases.entries()) {
      const body = valid({ proof: value });
      expect((await post(body, `203.0.113.${70 + i}`)).status, reason).toBe(201);
      expect(held.at(-1), reason).toMatchObject({ id: body.submissionId, held: reason });
    }
    expect(alerted).toHaveLength(1);
    expect((await rows()).map((r) => r.held_reason).sort()).toEqual(
      [null, "expired_proof", "invalid_proof", "invalid_proof", "no_proof", "spent_proof"].sort(),
    );
    expect(reported).toHaveLength(6);
  });

  it("counts held leads per client in their own bucket, and caps them per hour", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(valid(), "203.0.113.80")).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // The same address still sends its proven lead: held ones spent none of its own bucket.
    expect((await post(valid({ proof: await proof() }), "203.0.113.80")).status).toBe(201);
    // All clients together: 100 held leads an hour, then 429 for proof-less ones, while proven ones go on.
    const hourly: number[] = [];
    for (let n = 0; n < 110; n++) hourly.push((await post(valid(), `10.${n >> 8}.${n & 255}.9`)).status);
    expect(hourly.filter((s) => s === 201)).toHaveLength(95);
    expect(hourly.slice(95).every((s) => s === 429)).toBe(true);
    expect((await post(valid({ proof: await proof() }), "203.0.113.81")).status).toBe(201);
    expect((await rows()).filter((r) => r.held_reason === "no_proof")).toHaveLength(100);
  });
});

describe("without a per-client limit (CONTACT_RATE_LIMIT_PER_MINUTE=0, as npm run start:local runs)", () => {
  const zero = { CONTACT_RATE_LIMIT_PER_MINUTE: "0" };
  beforeEach(() => {
    deps.limiter = limiter("contact", zero);
    deps.limiters = {
      invalid: limiter("contact-invalid", zero),
      held: limiter("contact-held", zero),
      heldPerHour: limiter("contact-held-hourly", zero),
      ceiling: limiter("contact-ceiling", zero),
    };
  });

  it("still caps held leads per hour: 150 proof-less leads from one client, 100 stored, then 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) statuses.push((await post(valid(), "203.0.113.90")).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(100);
    expect(statuses.slice(100).every((s) => s === 429)).toBe(true);
    expect((await rows()).filter((r) => r.held_reason === "no_proof")).toHaveLength(100);
  });

  it("still holds the global ceiling: one client's 105 proven leads, 100 alerted, 5 to the summary", async () => {
    // Proven by fiat here: what is tested is the ceiling, not 105 more solved proofs.
    deps.proof = async () => ({ ok: true });
    for (let i = 0; i < 105; i++) expect((await post(valid(), "203.0.113.91")).status).toBe(201);
    expect(alerted).toHaveLength(100);
    expect(held.map((l) => l.held)).toEqual(Array(5).fill("over_ceiling"));
  });
});
