import "server-only";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";

const clients = new Map<string, SupabaseClient>();

/** A server-side Supabase client with the anonymous key: no session, no token refresh, nothing persisted. */
export function supabaseServerClient(url: string, anonKey: string): SupabaseClient {
  const key = `${url}\n${anonKey}`;
  let client = clients.get(key);
  if (!client) {
    client = createClient(url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    clients.set(key, client);
  }
  return client;
}
