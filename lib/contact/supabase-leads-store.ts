import "server-only";
import type { SupabaseClient } from "@supabase/supabase-js";
import { log } from "../logging/logger";
import { supabaseServerClient } from "../supabase/server-client";
import {
  isRejectedValue,
  LeadRejectedError,
  StoreUnavailableError,
  toRow,
  type InsertOutcome,
  type Lead,
  type LeadsStore,
} from "./leads-store-contract";

type Options = { timeoutMs: number; attempts?: number; backoffMs?: number };

/**
 * Supabase's REST API with the anonymous key. The insert is idempotent on the lead's id: a unique violation
 * means an earlier attempt landed. That makes retrying transient failures (network, 5xx, deadline) safe.
 * Neither upsert nor `.select()` is used: both need privileges the insert-only anon role does not have.
 */
export class SupabaseLeadsStore implements LeadsStore {
  private readonly client: SupabaseClient;
  private readonly attempts: number;
  private readonly backoffMs: number;

  constructor(
    url: string,
    anonKey: string,
    private readonly options: Options,
  ) {
    this.client = supabaseServerClient(url, anonKey);
    this.attempts = options.attempts ?? 3;
    this.backoffMs = options.backoffMs ?? 200;
  }

  async insert(lead: Lead): Promise<InsertOutcome> {
    let last = "";
    let transient = false;
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      const { error, status } = await this.client
        .from("contact_submissions")
        .insert([toRow(lead)])
        .abortSignal(AbortSignal.timeout(this.options.timeoutMs));
      if (!error) return "stored";
      if (status === 409 || error.code === "23505") return "duplicate";
      if (isRejectedValue(error.code)) throw new LeadRejectedError(error.message);
      last = `status ${status}${error.code ? ` code ${error.code}` : ""}: ${error.message}`;
      // Network failures and deadlines come back as status 0; only those and 5xx are worth another try.
      transient = status === 0 || status >= 500;
      log.warn(
        "lead.store_retry",
        `Supabase insert attempt ${attempt}/${this.attempts} failed (${last})${transient ? "" : ", not retried"}`,
        { attempt, status, code: error.code },
      );
      if (!transient) break;
      if (attempt < this.attempts) await new Promise((r) => setTimeout(r, this.backoffMs * 2 ** (attempt - 1)));
    }
    // Another 4xx (a wrong key, a missing grant or table) is the operator's to fix, not the visitor's to retry.
    if (!transient) throw new Error(`Supabase refused the insert (${last})`);
    throw new StoreUnavailableError(`Supabase did not store the lead (${last})`);
  }
}
