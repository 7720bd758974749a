import "server-only";
import { PGlite } from "@electric-sql/pglite";
import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
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

/** How long a shutdown waits for the database to close before the process ends anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

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
    // Listening before the database is ready (a cold open takes seconds): a signal meanwhile still closes it.
    const close = () =>
      opening.then(
        (store) => store.close(),
        () => undefined,
      );
    let signalled = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (signalled) return;
      signalled = true;
      closeOnShutdown(signal, close);
    };
    process.once("SIGTERM", onSignal);
    process.once("SIGINT", onSignal);
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

  /** Refuses new inserts, lets the ones under way finish, then closes (PGlite checkpoints to disk). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.allSettled([...this.pending]);
      if (!this.db.closed) await this.db.close();
    })();
    return this.closing;
  }
}

/**
 * Next's server (`next start` and the standalone server.js alike) answers a signal by refusing new connections,
 * waiting for the requests in flight, then calling process.exit — with no hook in between. So the exit is held
 * until the database has closed, and the submissions in flight are stored before it does. Where nothing else
 * handles the signal, the database closes once its inserts are done and the signal is raised again to end the process.
 */
function closeOnShutdown(signal: NodeJS.Signals, close: () => Promise<void>): void {
  const exit = process.exit.bind(process);
  const closed = () =>
    close().catch((error: unknown) =>
      log.error("lead.store_close_failed", "Closing the embedded database failed", { err: error }),
    );
  process.exit = ((code?: number | string | null) => {
    // A database that does not close within the grace period must not keep the process alive.
    const grace = setTimeout(() => exit(code), SHUTDOWN_GRACE_MS);
    void closed().finally(() => {
      clearTimeout(grace);
      exit(code);
    });
  }) as typeof process.exit;
  if (process.listenerCount(signal) === 0) void closed().finally(() => process.kill(process.pid, signal));
}
