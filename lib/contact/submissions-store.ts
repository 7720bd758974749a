import "server-only";
import { leadsBackend } from "../env/env";
import { serverEnv } from "../env/server-env";
import { StoreUnavailableError, type SubmissionsStore } from "./submissions-store-contract";

// One store per server process (kept on globalThis so dev hot reloads don't open PGlite twice); opened on the
// first submission, never on the landing page's path.
const holder = globalThis as typeof globalThis & { __submissionsStore?: Promise<SubmissionsStore> };

/** The one place that picks where leads go: Supabase when configured, else the embedded PGlite database. */
export function getSubmissionsStore(): Promise<SubmissionsStore> {
  holder.__submissionsStore ??= (async () => {
    const env = serverEnv();
    if (leadsBackend(env) === "supabase") {
      const { SupabaseSubmissionsStore } = await import("./supabase-submissions-store");
      return new SupabaseSubmissionsStore(env.SUPABASE_URL!, env.SUPABASE_ANON_KEY!, {
        timeoutMs: env.SUPABASE_TIMEOUT_MS,
      });
    }
    const { PgliteSubmissionsStore } = await import("./pglite-submissions-store");
    return PgliteSubmissionsStore.open(env.EMBEDDED_DB_DIR);
  })().catch((error: unknown) => {
    holder.__submissionsStore = undefined;
    throw new StoreUnavailableError("The submissions store could not be opened", { cause: error });
  });
  return holder.__submissionsStore;
}
