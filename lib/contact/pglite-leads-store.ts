import "server-only";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { beforeExit } from "../health/exit-hooks";
import { log } from "../logging/logger";
import { insertAsAnon, migrate } from "./migrations";
import {
  isRejectedValue,
  LeadRejectedError,
  StoreUnavailableError,
  toRow,
  type InsertOutcome,
  type Lead,
  type LeadsStore,
} from "./leads-store-contract";

/**
 * The embedded default: a PGlite database on disk, migrated from the same SQL as Supabase. Inserts run as the
 * `anon` role, so the grants and row-level security that guard production guard this too.
 */
export class PgliteLeadsStore implements LeadsStore {
  /** Inserts not yet settled: closing waits for them. */
  private readonly pending = new Set<Promise<unknown>>();
  private closing: Promise<void> | undefined;

  private constructor(private readonly db: PGlite) {}

  /** Opens (creating if needed) the database in `dir`. Callers open it once per process: see getLeadsStore. */
  static async open(dir: string): Promise<PgliteLeadsStore> {
    const path = resolve(/*turbopackIgnore: true*/ process.cwd(), dir);
    await mkdir(path, { recursive: true });
    const opening = PGlite.create(path).then((db) => PgliteLeadsStore.onDatabase(db));
    // Registered before the database is ready (a cold open takes seconds): a signal meanwhile still closes it.
    beforeExit("close", () =>
      opening.then(
        (store) =>
          store
            .close()
            .catch((error: unknown) =>
              log.error("lead.store_close_failed", "Closing the embedded database failed", { err: error }),
            ),
        () => undefined,
      ),
    );
    return opening;
  }

  /** Migrates and wraps an open database (tests pass an in-memory one). */
  static async onDatabase(db: PGlite): Promise<PgliteLeadsStore> {
    await migrate(db);
    return new PgliteLeadsStore(db);
  }

  async insert(lead: Lead): Promise<InsertOutcome> {
    if (this.closing || this.db.closed)
      throw new StoreUnavailableError("The embedded database is closed (server shutting down)");
    const insert = insertAsAnon(this.db, toRow(lead));
    this.pending.add(insert);
    try {
      await insert;
      return "stored";
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === "23505") return "duplicate";
      if (isRejectedValue(code)) throw new LeadRejectedError(error instanceof Error ? error.message : "");
      throw new StoreUnavailableError("The embedded database did not store the lead", { cause: error });
    } finally {
      this.pending.delete(insert);
    }
  }

  /**
   * Runs `work` on this database as `role`, so its grants apply as they would on Supabase (the counts use the server's
   * own role, service_role); refused once the store is closing. Closing waits for it, as for an insert.
   */
  withRole<T>(role: "service_role", work: (tx: Transaction) => Promise<T>): Promise<T> {
    if (this.closing || this.db.closed)
      return Promise.reject(new StoreUnavailableError("The embedded database is closed (server shutting down)"));
    const run = this.db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`);
      return work(tx);
    });
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run)).catch(() => undefined);
    return run;
  }

  /** Refuses new inserts, lets the ones under way finish, then closes (PGlite checkpoints to disk). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.allSettled([...this.pending]);
      if (!this.db.closed) await this.db.close();
    })();
    return this.closing;
  }
}
