import "server-only";
import { countsBackend, type ServerEnv } from "../env/env";
import { serverEnv } from "../env/server-env";
import { getLeadsStore } from "../contact/leads-store";
import { embeddedCall, supabaseCall } from "../contact/server-role-call";
import type { CountsStore } from "./counts-store-contract";
import { SqlCountsStore } from "./sql-counts-store";

export { embeddedCall, supabaseCall };

const holder = globalThis as typeof globalThis & { __countsStore?: CountsStore | null };

/**
 * The one place that picks where counts go, beside the leads: the embedded database (the same PGlite as the leads,
 * under the server's role), or Supabase through the server's own key (SUPABASE_SECRET_KEY). Undefined where counting
 * is off or Supabase has no such key (development only: a production server refuses to start that way).
 */
export function getCountsStore(env: ServerEnv = serverEnv()): CountsStore | undefined {
  if (holder.__countsStore !== undefined) return holder.__countsStore ?? undefined;
  const backend = countsBackend(env);
  holder.__countsStore =
    backend === "embedded"
      ? new SqlCountsStore(embeddedCall(getLeadsStore))
      : backend === "supabase"
        ? new SqlCountsStore(supabaseCall(env.SUPABASE_URL!, env.SUPABASE_SECRET_KEY!, env.SUPABASE_TIMEOUT_MS))
        : null;
  return holder.__countsStore ?? undefined;
}
