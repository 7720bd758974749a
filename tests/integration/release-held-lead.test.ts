import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { releaseHeldLead } from "@/lib/contact/release-held-lead";
import { insertAsAnon, type LeadRow } from "@/lib/contact/migrations";
import { sampleRow } from "../support/contact/sample-lead";
import { FAKE_SERVICE_ROLE_KEY, startFakeSupabase, type FakeSupabase } from "../support/supabase/fake-supabase";

let supabase: FakeSupabase;
beforeAll(async () => {
  supabase = await startFakeSupabase(0);
});
afterAll(() => supabase.close());

const held = (overrides: Partial<LeadRow> = {}): LeadRow => sampleRow({ held_reason: "no_proof", ...overrides });

it("releases a held lead once with the service role, returning it for its alert", async () => {
  const row = held();
  await insertAsAnon(supabase.db, row);
  const keys = { supabaseUrl: supabase.url, serviceRoleKey: FAKE_SERVICE_ROLE_KEY };
  const outcome = await releaseHeldLead(row.id, keys);
  expect(outcome).toMatchObject({
    released: true,
    lead: {
      id: row.id,
      company: row.company,
      contact: "Ana Pérez",
      attribution: { last: { utm_source: "newsletter" } },
    },
  });
  const [stored] = (await supabase.rows()).filter((r) => r.id === row.id) as (LeadRow & { released_at: Date })[];
  expect(stored).toMatchObject({ held_reason: null });
  expect(stored!.released_at).toBeInstanceOf(Date);
  // A second release (another operator, a retry) sends nothing again.
  expect(await releaseHeldLead(row.id, keys)).toEqual({ released: false, why: "not_held" });
  expect(await releaseHeldLead(randomUUID(), keys)).toEqual({ released: false, why: "missing" });
});

it("a released lead from a campaign page names the page in its alert, as an ordinary one does", async () => {
  const row = held({ page_slug: "importadores-china" });
  await insertAsAnon(supabase.db, row);
  const outcome = await releaseHeldLead(row.id, { supabaseUrl: supabase.url, serviceRoleKey: FAKE_SERVICE_ROLE_KEY });
  expect(outcome).toMatchObject({ released: true, lead: { id: row.id, market: "mx", page: "importadores-china" } });
});

it("the anonymous key cannot release a lead", async () => {
  const row = held();
  await insertAsAnon(supabase.db, row);
  await expect(releaseHeldLead(row.id, { supabaseUrl: supabase.url, serviceRoleKey: "anon-key" })).rejects.toThrow(
    /Supabase answered/,
  );
});
