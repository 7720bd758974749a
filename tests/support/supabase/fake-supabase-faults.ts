import { E2E_HOSTS } from "../../../scripts/lib/e2e-hosts";
import type { FunctionsMode, RestMode } from "./fake-supabase";

// The browser tests' Supabase stand-in (fake-supabase.ts), driven over its control API from a spec.

/** Switches the stand-in's faults: its REST endpoint down, slow past the deadline or refusing, its function down. */
export const setSupabaseFaults = async (mode: { rest?: RestMode; functions?: FunctionsMode; slowMs?: number }) => {
  await fetch(`${E2E_HOSTS.fakeSupabase}/__control/mode`, { method: "POST", body: JSON.stringify(mode) });
};

/** The rows the stand-in stored under a company name, as the table keeps them. */
export const storedLeadsOf = async (company: string) =>
  (
    (await (await fetch(`${E2E_HOSTS.fakeSupabase}/__control/rows`)).json()) as ({
      id: string;
      company: string;
    } & Record<string, unknown>)[]
  ).filter((row) => row.company === company);
