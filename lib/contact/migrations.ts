import type { PGlite } from "@electric-sql/pglite";
import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { ConsentState } from "#edge/consent-state";
import {
  LEAD_COLUMNS,
  LEAD_FIELDS,
  type LeadFieldName,
  type OptionalFieldName,
  type TouchColumn,
} from "../leads/lead-fields.ts";
import type { HeldReason } from "./held-reasons.ts";

export { LEAD_COLUMNS } from "../leads/lead-fields.ts";

/**
 * Migrations renamed after databases had applied them: they had been dated in the future, so any migration created
 * afterwards would have sorted before them. A database that recorded the old name keeps the file applied under the new
 * one (their SQL is not idempotent, so running them again would fail or alter leads).
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  "20261201000000_held_leads.sql": "20261125000400_held_leads.sql",
  "20261205000000_lead_text_rules.sql": "20261125000415_lead_text_rules.sql",
  "20261210000000_lead_campaign_page.sql": "20261125035301_lead_campaign_page.sql",
};

/** Applies supabase/migrations/*.sql in name order, once each, recording what ran. */
export async function migrate(
  db: PGlite,
  dir = resolve(/*turbopackIgnore: true*/ process.cwd(), "supabase/migrations"),
): Promise<string[]> {
  await db.exec(
    "create table if not exists public.schema_migrations (name text primary key, applied_at timestamptz not null default now())",
  );
  for (const [before, after] of Object.entries(RENAMED_MIGRATIONS)) {
    await db.query("update public.schema_migrations set name = $2 where name = $1", [before, after]);
  }
  const applied = new Set(
    (await db.query<{ name: string }>("select name from public.schema_migrations")).rows.map((r) => r.name),
  );
  const files = (await readdir(dir)).filter((f) => f.endsWith(".sql")).sort();
  const ran: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = await readFile(join(dir, file), "utf8");
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query("insert into public.schema_migrations (name) values ($1)", [file]);
    });
    ran.push(file);
  }
  return ran;
}

type Column<Name extends LeadFieldName> = (typeof LEAD_FIELDS)[Name]["column"];

/** A lead as its row holds it: a column per field (lib/leads/lead-fields.ts), text as the database keeps it. */
export type LeadRow = { [Name in Exclude<LeadFieldName, OptionalFieldName | "consent"> as Column<Name>]: string } & {
  [Name in Exclude<OptionalFieldName, "held"> as Column<Name>]?: string | null;
} & {
  [Name in "consent" as Column<Name>]: ConsentState;
} & { [Name in "held" as Column<Name>]?: HeldReason | null } & Partial<Record<TouchColumn, string | null>>;

export const INSERT_LEAD_SQL = `insert into public.contact_submissions (${LEAD_COLUMNS.join(", ")})
  values (${LEAD_COLUMNS.map((_, i) => `$${i + 1}`).join(", ")})`;

/** Inserts one row as the `anon` role, so grants and row-level security apply exactly as on Supabase. */
export async function insertAsAnon(db: PGlite, row: LeadRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec("set local role anon");
    await tx.query(
      INSERT_LEAD_SQL,
      LEAD_COLUMNS.map((column) => row[column] ?? null),
    );
  });
}
