import "server-only";
import { leadsBackend } from "../env/env";
import { serverEnv } from "../env/server-env";
import { StoreUnavailableError, type LeadsStore } from "./leads-store-contract";

// One store per server process (kept on globalThis so dev hot reloads don't open PGlite twice); opened on the
// first submission, never on the landing page's path.
const holder = globalThis as typeof globalThis & { __leadsStore?: Promise<LeadsStore> };

/** The one place that picks where leads go: Supabase when configured, else the embedded PGlite database. */
export function getLeadsStore(): Promise<LeadsStore> {
  holder.__leadsStore ??= (async () => {
    const env = serverEnv();
    if (leadsBackend(env) === "supabase") {
      const { SupabaseLeadsStore } = await import("./supabase-leads-store");
      return new SupabaseLeadsStore(env.SUPABASE_URL!, env.SUPABASE_ANON_KEY!, {
        timeoutMs: env.SUPABASE_TIMEOUT_MS,
      });
    }
    const { PgliteLeadsStore } = await import("./pglite-leads-store");
    return PgliteLeadsStore.open(env.EMBEDDED_DB_DIR);
  })().catch((error: unknown) => {
    holder.__leadsStore = undefined;
    throw new StoreUnavailableError("The submissions store could not be opened", { cause: error });
  });
  return holder.__leadsStore;
}
