import "server-only";
import { PGlite } from "@electric-sql/pglite";
import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { insertAsAnon, migrate } from "./migrations";
import { toRow, type InsertOutcome, type Lead, type SubmissionsStore } from "./submissions-store";

/**
 * The embedded default: a PGlite database on disk, migrated from the same SQL as Supabase. Inserts run as the
 * `anon` role, so the grants and row-level security that guard production guard this too.
 */
export class PgliteSubmissionsStore implements SubmissionsStore {
  private constructor(private readonly db: PGlite) {}

  static async open(dir: string): Promise<PgliteSubmissionsStore> {
    const path = resolve(/*turbopackIgnore: true*/ process.cwd(), dir);
    await mkdir(path, { recursive: true });
    const store = await PgliteSubmissionsStore.onDatabase(await PGlite.create(path));
    // Close on shutdown so the last leads are flushed; Next's own handler drains requests, then exits.
    const shutdown = () => void store.close().catch((error) => console.error("[leads] closing PGlite failed", error));
    process.once("SIGTERM", shutdown);
    process.once("SIGINT", shutdown);
    return store;
  }

  /** Migrates and wraps an open database (tests pass an in-memory one). */
  static async onDatabase(db: PGlite): Promise<PgliteSubmissionsStore> {
    await migrate(db);
    return new PgliteSubmissionsStore(db);
  }

  async insert(lead: Lead): Promise<InsertOutcome> {
    try {
      await insertAsAnon(this.db, toRow(lead));
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
