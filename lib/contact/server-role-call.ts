import "server-only";
import type { Transaction } from "@electric-sql/pglite";
import { supabaseSecretClient } from "../supabase/secret-client";

/**
 * How the server calls the SQL functions of the leads store under its own role (service_role): by name with named
 * JSON arguments, answering JSON. Supabase does it over PostgREST (POST /rest/v1/rpc/<name>) with the secret key, the
 * embedded store in SQL under `set local role`: both run the same functions with the same grants.
 */
export type CallFunction = (name: string, args: Record<string, unknown>) => Promise<unknown>;

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
    if (!hasDatabase(store)) throw new Error("The embedded leads store has no database");
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
