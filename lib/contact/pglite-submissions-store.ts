import "server-only";
import { PGlite } from "@electric-sql/pglite";
import { mkdir, readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { toRow, type InsertOutcome, type Lead, type SubmissionsStore } from "./submissions-store";

const MIGRATIONS_DIR = "supabase/migrations";

/** Applies supabase/migrations/*.sql in name order, once each, recording what ran. */
export async function migrate(db: PGlite, dir = resolve(/*turbopackIgnore: true*/ process.cwd(), MIGRATIONS_DIR)): Promise<string[]> {
  await db.exec("create table if not exists public.schema_migrations (name text primary key, applied_at timestamptz not null default now())");
  const applied = new Set((await db.query<{ name: string }>("select name from public.schema_migrations")).rows.map((r) => r.name));
  const files = (await readdir(dir)).filter((f) => f.endsWith(".sql")).sort();
  const ran: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = await readFile(join(dir, file), "utf8");
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query("insert into public.schema_migrations (name) values ($1)", [file]);
    });
    ran.push(file);
  }
  return ran;
}

const INSERT = `insert into public.contact_submissions
  (id, company, contact_name, email, phone_prefix, phone, country, reason, volume, market)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`;

/**
 * The embedded default: a PGlite database on disk, migrated from the same SQL as Supabase. Inserts run as the
 * `anon` role, so the grants and row-level security that guard production guard this too.
 */
export class PgliteSubmissionsStore implements SubmissionsStore {
  private constructor(private readonly db: PGlite) {}

  static async open(dir: string): Promise<PgliteSubmissionsStore> {
    const path = resolve(/*turbopackIgnore: true*/ process.cwd(), dir);
    await mkdir(path, { recursive: true });
    const db = await PGlite.create(path);
    await migrate(db);
    const store = new PgliteSubmissionsStore(db);
    // Close on shutdown so the last leads are flushed; Next's own handler drains requests, then exits.
    const shutdown = () => void store.close().catch((error) => console.error("[leads] closing PGlite failed", error));
    process.once("SIGTERM", shutdown);
    process.once("SIGINT", shutdown);
    return store;
  }

  async insert(lead: Lead): Promise<InsertOutcome> {
    const row = toRow(lead);
    try {
      await this.db.transaction(async (tx) => {
        await tx.exec("set local role anon");
        await tx.query(INSERT, [row.id, row.company, row.contact_name, row.email, row.phone_prefix, row.phone, row.country, row.reason, row.volume, row.market]);
      });
      return "stored";
    } catch (error) {
      if ((error as { code?: string }).code === "23505") return "duplicate";
      throw error;
    }
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}
