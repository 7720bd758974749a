import { PGlite } from "@electric-sql/pglite";
import { migrate } from "../../lib/contact/migrations.ts";

export type StoredLeadsCheck = {
  rows: number;
  distinctIds: number;
  /** Ids the server answered 201 for. */
  created: number;
  /** Answered 201 but not in the database. */
  lost: number;
  /** In the database but never answered 201. */
  unexpected: number;
  duplicates: number;
  ok: boolean;
};

/**
 * Prepares the database the bench's server will open (before it starts: PGlite is single-process) with the
 * migrations applied and the table's intake ceiling off. The ceiling bounds what the public anon key can insert (1,000
 * rows a minute, then 503), so with it the contact passes would measure the ceiling after their first seconds, not
 * the route. The server sees every migration applied and runs none.
 */
export async function liftIntakeCeiling(dataDir: string, migrationsDir: string): Promise<void> {
  const db = new PGlite(dataDir);
  try {
    await migrate(db, migrationsDir);
    await db.exec("alter table public.contact_submissions disable trigger contact_submissions_intake_ceiling");
  } finally {
    await db.close();
  }
}

/** Reads the database the stopped server left behind (PGlite is single-process, so never while it runs). */
export async function checkStoredLeads(dataDir: string, created: Set<string>): Promise<StoredLeadsCheck> {
  const db = new PGlite(dataDir);
  try {
    const { rows } = await db.query<{ id: string }>("select id::text as id from contact_submissions");
    return auditIds(
      rows.map((r) => r.id),
      created,
    );
  } finally {
    await db.close();
  }
}

/** Compares the stored ids (one per row) with the ids the servers answered 201 for. */
export function auditIds(stored: string[], created: Set<string>): StoredLeadsCheck {
  const ids = new Set(stored);
  const lost = [...created].filter((id) => !ids.has(id)).length;
  const unexpected = [...ids].filter((id) => !created.has(id)).length;
  const duplicates = stored.length - ids.size;
  return {
    rows: stored.length,
    distinctIds: ids.size,
    created: created.size,
    lost,
    unexpected,
    duplicates,
    ok: lost === 0 && unexpected === 0 && duplicates === 0 && stored.length === created.size,
  };
}
