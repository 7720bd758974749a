import { PGlite } from "@electric-sql/pglite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { insertAsAnon } from "@/lib/contact/migrations";
import { toRow } from "@/lib/contact/leads-store-contract";
import { liftIntakeCeiling } from "../../bench/lib/stored-leads";
import { sampleLead } from "../support/contact/sample-lead";

const work = mkdtempSync(join(tmpdir(), "bench-database-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// `npm run bench` sends thousands of leads a minute to measure the contact route; with the table's intake ceiling
// (1,000 a minute for the anon key) in place, everything after the first thousand measured the ceiling's 503s.
it("the bench's database takes a lead as the route stores it after 1,000 in the last minute", async () => {
  const dataDir = join(work, "pglite");
  await liftIntakeCeiling(dataDir, "supabase/migrations");
  const db = new PGlite(dataDir);
  try {
    await db.exec(
      `insert into contact_submissions (id, company, contact_name, email, phone_prefix, phone, phone_e164, country, reason, volume, market)
         select gen_random_uuid(), 'Acme', 'Ana', 'ana@example.com', '52', '5512345678', '+525512345678', 'usa', 'goods', '0-4999', 'mx'
         from generate_series(1, 1000)`,
    );
    await insertAsAnon(db, toRow(sampleLead({ attribution: {} })));
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from contact_submissions where created_at > now() - interval '1 minute'",
    );
    expect(rows[0]!.n).toBe(1001);
  } finally {
    await db.close();
  }
});
