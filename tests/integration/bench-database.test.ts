import { PGlite } from "@electric-sql/pglite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { insertAsAnon, LEAD_COLUMNS } from "@/lib/contact/migrations";
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
    const lead = () => insertAsAnon(db, toRow(sampleLead({ attribution: {} })));
    await lead();
    // 999 copies of it under new ids, written as the owner (no ceiling applies to it): 1,000 in the last minute.
    const copied = LEAD_COLUMNS.filter((column) => column !== "id").join(", ");
    await db.exec(
      `insert into contact_submissions (id, ${copied})
         select gen_random_uuid(), ${copied} from contact_submissions, generate_series(1, 999)`,
    );
    await lead();
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from contact_submissions where created_at > now() - interval '1 minute'",
    );
    expect(rows[0]!.n).toBe(1001);
  } finally {
    await db.close();
  }
});
