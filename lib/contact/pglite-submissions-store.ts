import "server-only";
import { PGlite } from "@electric-sql/pglite";
import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { insertAsAnon, migrate } from "./migrations";
import { isRejectedValue, LeadRejectedError, StoreUnavailableError, toRow, type InsertOutcome, type Lead, type SubmissionsStore } from "./submissions-store";

/**
 * The embedded default: a PGlite database on disk, migrated from the same SQL as Supabase. Inserts run as the
 * `anon` role, so the grants and row-level security that guard production guard this too.
 */
export class PgliteSubmissionsStore implements SubmissionsStore {
  private constructor(private readonly db: PGlite) {}

  /** Opens (creating if needed) the database in `dir`. Callers open it once per process: see getSubmissionsStore. */
  static async open(dir: string): Promise<PgliteSubmissionsStore> {
    const path = resolve(/*turbopackIgnore: true*/ process.cwd(), dir);
    await mkdir(path, { recursive: true });
    const store = await PgliteSubmissionsStore.onDatabase(await PGlite.create(path));
    // Close on shutdown so PGlite checkpoints and the last leads are flushed to disk. Next's own handler exits
    // the process; where none is installed, the signal is raised again once closed so the process still ends.
    const shutdown = (signal: NodeJS.Signals) =>
      void store
        .close()
        .catch((error: unknown) => console.error("[leads] closing PGlite failed:", error))
        .finally(() => {
          if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
        });
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
    if (this.db.closed) throw new StoreUnavailableError("The embedded database is closed (server shutting down)");
    try {
      await insertAsAnon(this.db, toRow(lead));
      return "stored";
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === "23505") return "duplicate";
      if (isRejectedValue(code)) throw new LeadRejectedError(error instanceof Error ? error.message : "");
      throw new StoreUnavailableError("The embedded database did not store the lead", { cause: error });
    }
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}
