import "server-only";
import type { Transaction } from "@electric-sql/pglite";
import { countsBackend, type ServerEnv } from "../env/env";
import { serverEnv } from "../env/server-env";
import { getLeadsStore } from "../contact/leads-store";
import { supabaseSecretClient } from "../supabase/secret-client";
import { CountsUnavailableError, type CountsStore } from "./counts-store-contract";
import { SqlCountsStore, type CallFunction } from "./sql-counts-store";

/** The embedded leads store's hook for running SQL under the server's role (see PgliteLeadsStore.withRole). */
type EmbeddedDatabase = {
  withRole<T>(role: "service_role", work: (tx: Transaction) => Promise<T>): Promise<T>;
};

const hasDatabase = (store: unknown): store is EmbeddedDatabase =>
  typeof (store as Partial<EmbeddedDatabase>).withRole === "function";

/** Calls a SQL function on the embedded database (the leads store's) as the server's role, as PostgREST would. */
export function embeddedCall(database: () => Promise<unknown>): CallFunction {
  return async (name, args) => {
    const store = await database();
    if (!hasDatabase(store)) throw new CountsUnavailableError("The embedded leads store has no database");
    const entries = Object.entries(args);
    const sql = `select public.${name}(${entries.map(([arg], i) => `${arg} => $${i + 1}`).join(", ")}) as result`;
    const values = entries.map(([, value]) =>
      value !== null && typeof value === "object" ? JSON.stringify(value) : value,
    );
    return store.withRole(
      "service_role",
      async (tx) => (await tx.query<{ result: unknown }>(sql, values)).rows[0]?.result,
    );
  };
}

/** Calls a SQL function through Supabase's REST API with the server's secret key, within the store's deadline. */
export function supabaseCall(url: string, secretKey: string, timeoutMs: number): CallFunction {
  const client = supabaseSecretClient(url, secretKey);
  return async (name, args) => {
    const { data, error, status } = await client.rpc(name, args).abortSignal(AbortSignal.timeout(timeoutMs));
    if (error) throw new Error(`Supabase answered ${status}${error.code ? ` (${error.code})` : ""}: ${error.message}`);
    return data;
  };
}

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
