import "server-only";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";

let client: { key: string; client: SupabaseClient } | undefined;

/**
 * A Supabase client with the server's own credential (SUPABASE_SECRET_KEY: Supabase's secret or service-role key,
 * which PostgREST runs as `service_role`). Only the counts and the results read through it (lib/analytics/); the
 * contact insert stays on the anonymous key (lib/supabase/server-client.ts), which can only insert leads. No session,
 * no token refresh, nothing persisted.
 */
export function supabaseSecretClient(url: string, secretKey: string): SupabaseClient {
  const key = `${url}\n${secretKey}`;
  if (client?.key !== key) {
    client = {
      key,
      client: createClient(url, secretKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      }),
    };
  }
  return client.client;
}
