// A local stand-in for Supabase's REST and Functions endpoints, backed by PGlite running the real migrations
// under the anon role, so the site's real supabase-js code path is exercised without the cloud. Faults are
// switched through /__control so tests can take the "database" down, slow it past a deadline, or refuse
// connections. Run directly: `node tests/support/supabase/fake-supabase.ts` (port FAKE_SUPABASE_PORT, 3102).
//
// Control API (JSON): POST /__control/mode {rest?: ok|down|slow|refuse, functions?: ok|down, slowMs?}
// (down answers 500; slow holds the request slowMs, default 3000, then stores it; refuse drops the connection),
// POST /__control/reset (modes back to ok, recorded requests cleared), GET /__control/requests (every REST and
// function call: method, path, apikey, authorization, body), GET /__control/rows (the stored leads),
// GET /__control/health. RPC calls (below) honour the rest modes too.
//
// The service-role key (FAKE_SERVICE_ROLE_KEY, which the meta-conversion function gets as
// SUPABASE_SERVICE_ROLE_KEY) reads and updates contact_submissions PostgREST-style: GET and PATCH with
// `column=eq.value` / `column=is.null` filters, `select=a,b`, and `Prefer: return=representation`, and calls SQL
// functions with POST /rest/v1/rpc/<name> (named arguments in a JSON object). Any other key runs as anon, so
// PostgreSQL's grants answer exactly as on Supabase (anon may only insert).
//
// With a conversion signing secret (the `signingSecret` option, or FAKE_CONVERSION_SIGNING_SECRET), the stand-in
// meta-conversion endpoint checks each call's signature as the real function does and answers 401 to a bad one;
// every recorded function call says whether it was validly signed. `forwardFunctionsTo(url)` hands each call to the
// real function (running under Deno) instead, as Supabase's gateway does, and relays its answer.
//
// With `intakeCeiling: false` (FAKE_SUPABASE_INTAKE_CEILING=off), the table's intake ceiling (1,000 leads a minute from
// the project's keys, then 503) is off, for a benchmark that measures the site rather than the ceiling.
import type { PGlite } from "@electric-sql/pglite";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";
import { INSERT_LEAD_SQL, insertAsAnon, LEAD_COLUMNS, type LeadRow } from "../../../lib/contact/migrations.ts";
import { readRequestText } from "../servers/request-body.ts";
import { migratedDatabase } from "./empty-database.ts";
import { CONVERSION_SIGNATURE_PURPOSE, SIGNATURE_HEADER, verifySignatureHeader } from "#edge/signed-request";

export const FAKE_SERVICE_ROLE_KEY = "fake-service-role-key";

const WARM_UP_ROW = {
  company: "Warm-up",
  contact_name: "Warm-up",
  email: "warm-up@example.com",
  phone_prefix: "52",
  phone: "5512345678",
  phone_e164: "+525512345678",
  country: "usa",
  reason: "goods",
  volume: "0-4999",
  market: "mx",
  tracking_consent: "granted",
};

export type RestMode = "ok" | "down" | "slow" | "refuse";
export type FunctionsMode = "ok" | "down";
export type RecordedRequest = {
  method: string;
  path: string;
  apikey: string | null;
  authorization: string | null;
  body: unknown;
  signed?: boolean;
};

export type FakeSupabase = {
  url: string;
  server: Server;
  db: PGlite;
  requests: RecordedRequest[];
  setMode(mode: { rest?: RestMode; functions?: FunctionsMode; slowMs?: number }): void;
  /** Calls to /functions/v1/meta-conversion go to this function (its URL) from now on. */
  forwardFunctionsTo(url: string): void;
  rows(): Promise<LeadRow[]>;
  close(): Promise<void>;
};

async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readRequestText(req);
  return text ? JSON.parse(text) : null;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** The subset of PostgREST's query syntax the meta-conversion function uses, as SQL with parameters. */
function postgrestQuery(search: URLSearchParams): { select: string; where: string; params: unknown[] } | string {
  const conditions: string[] = [];
  const params: unknown[] = [];
  let select = "*";
  for (const [key, value] of search) {
    if (key === "select") {
      const columns = value.split(",");
      if (!columns.every((c) => IDENTIFIER.test(c))) return `bad select ${value}`;
      select = columns.join(", ");
      continue;
    }
    if (!IDENTIFIER.test(key)) return `bad column ${key}`;
    if (value === "is.null") conditions.push(`${key} is null`);
    else if (value.startsWith("eq.")) {
      params.push(value.slice(3));
      conditions.push(`${key} = $${params.length}`);
    } else return `unsupported filter ${key}=${value}`;
  }
  return { select, where: conditions.length > 0 ? conditions.join(" and ") : "true", params };
}

/** The HTTP status PostgREST answers a failed insert with, by SQLSTATE (its documented table, for the codes seen here). */
function postgrestStatus(code: string | undefined): number {
  if (code === "23505") return 409;
  if (code === "42501") return 401;
  if (code === "53400" || code?.startsWith("54")) return 500;
  if (code?.startsWith("53")) return 503;
  return 400;
}

function send(res: ServerResponse, status: number, body?: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(body === undefined ? "" : JSON.stringify(body));
}

export async function startFakeSupabase(
  port = 0,
  { signingSecret, intakeCeiling = true }: { signingSecret?: string; intakeCeiling?: boolean } = {},
): Promise<FakeSupabase> {
  const db = await migratedDatabase();
  if (!intakeCeiling)
    await db.exec("alter table public.contact_submissions disable trigger contact_submissions_intake_ceiling");
  // A real project is warm: one insert, rolled back, plans the insert and its triggers before the first request.
  await db.transaction(async (tx) => {
    await tx.exec("set local role anon");
    const warm: Record<string, unknown> = { ...WARM_UP_ROW, id: crypto.randomUUID() };
    await tx.query(
      INSERT_LEAD_SQL,
      LEAD_COLUMNS.map((column) => warm[column] ?? null),
    );
    await tx.rollback();
  });
  const requests: RecordedRequest[] = [];
  let rest: RestMode = "ok";
  let functions: FunctionsMode = "ok";
  let slowMs = 3000;
  let functionUrl: string | undefined;

  const rows = async () =>
    (await db.query<LeadRow>("select * from public.contact_submissions order by created_at")).rows;
  const tableColumns = new Set(
    (
      await db.query<{ column_name: string }>(
        "select column_name from information_schema.columns where table_schema = 'public' and table_name = 'contact_submissions'",
      )
    ).rows.map((r) => r.column_name),
  );

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    try {
      if (url.pathname === "/__control/health") return send(res, 200, { ok: true });
      if (url.pathname === "/__control/mode" && req.method === "POST") {
        const mode = (await readJson(req)) as { rest?: RestMode; functions?: FunctionsMode; slowMs?: number };
        rest = mode.rest ?? rest;
        functions = mode.functions ?? functions;
        slowMs = mode.slowMs ?? slowMs;
        return send(res, 200, { rest, functions, slowMs });
      }
      if (url.pathname === "/__control/reset" && req.method === "POST") {
        rest = "ok";
        functions = "ok";
        slowMs = 3000;
        requests.length = 0;
        return send(res, 200, { rest, functions, slowMs });
      }
      if (url.pathname === "/__control/requests") return send(res, 200, requests);
      if (url.pathname === "/__control/rows") return send(res, 200, await rows());

      const text = await readRequestText(req);
      const body: unknown = text ? JSON.parse(text) : null;
      const apikey = typeof req.headers.apikey === "string" ? req.headers.apikey : null;
      const signature = req.headers[SIGNATURE_HEADER];
      const signed = signingSecret
        ? (
            await verifySignatureHeader(signingSecret, typeof signature === "string" ? signature : null, text, {
              purpose: CONVERSION_SIGNATURE_PURPOSE,
            })
          ).ok
        : undefined;
      requests.push({
        method: req.method ?? "",
        path: url.pathname,
        apikey,
        authorization: req.headers.authorization ?? null,
        body,
        ...(signed === undefined ? {} : { signed }),
      });
      // Supabase's gateway refuses any call without a project key.
      if (!apikey) return send(res, 401, { message: "No API key found in request" });

      if (url.pathname === "/rest/v1/contact_submissions" && req.method === "POST") {
        if (rest === "refuse") return req.socket.destroy();
        if (rest === "down")
          return send(res, 500, { code: "XX000", message: "Internal server error", details: null, hint: null });
        if (rest === "slow") await new Promise((r) => setTimeout(r, slowMs));
        if (!Array.isArray(body) || body.length !== 1)
          return send(res, 400, { code: "PGRST102", message: "Expected an array of one row" });
        // PostgREST refuses a column the table does not have; the columns anon may not write are PostgreSQL's to
        // refuse.
        const given = Object.keys(body[0] as object);
        const unknown = given.find((column) => !tableColumns.has(column));
        if (unknown)
          return send(res, 400, {
            code: "PGRST204",
            message: `Could not find the '${unknown}' column of 'contact_submissions' in the schema cache`,
            details: null,
            hint: null,
          });
        if (given.some((column) => !(LEAD_COLUMNS as readonly string[]).includes(column)))
          return send(res, 401, {
            code: "42501",
            message: "permission denied for table contact_submissions",
            details: null,
            hint: null,
          });
        try {
          await insertAsAnon(db, body[0] as LeadRow);
        } catch (error) {
          const e = error as { code?: string; message?: string };
          return send(res, postgrestStatus(e.code), {
            code: e.code,
            message: e.message,
            details: null,
            hint: null,
          });
        }
        return send(res, 201);
      }
      if (url.pathname === "/rest/v1/contact_submissions" && (req.method === "GET" || req.method === "PATCH")) {
        if (rest === "down")
          return send(res, 500, { code: "XX000", message: "Internal server error", details: null, hint: null });
        const role =
          apikey === FAKE_SERVICE_ROLE_KEY && req.headers.authorization === `Bearer ${FAKE_SERVICE_ROLE_KEY}`
            ? "service_role"
            : "anon";
        const query = postgrestQuery(url.searchParams);
        if (typeof query === "string")
          return send(res, 400, { code: "PGRST100", message: query, details: null, hint: null });
        const representation =
          req.method === "GET" || String(req.headers.prefer ?? "").includes("return=representation");
        let sql: string;
        const params = [...query.params];
        if (req.method === "GET") sql = `select ${query.select} from public.contact_submissions where ${query.where}`;
        else {
          const changes = Object.entries((body ?? {}) as Record<string, unknown>);
          if (changes.length === 0 || changes.some(([column]) => !IDENTIFIER.test(column)))
            return send(res, 400, { code: "PGRST102", message: "Bad update body" });
          const set = changes
            .map(([column, value]) => (params.push(value), `${column} = $${params.length}`))
            .join(", ");
          sql = `update public.contact_submissions set ${set} where ${query.where}${representation ? ` returning ${query.select}` : ""}`;
        }
        try {
          const result = await db.transaction(async (tx) => {
            await tx.exec(`set local role ${role}`);
            return tx.query(sql, params);
          });
          return representation ? send(res, 200, result.rows) : send(res, 204);
        } catch (error) {
          const e = error as { code?: string; message?: string };
          return send(res, e.code === "42501" ? 401 : 400, {
            code: e.code,
            message: e.message,
            details: null,
            hint: null,
          });
        }
      }
      const rpc = /^\/rest\/v1\/rpc\/([a-z_][a-z0-9_]*)$/.exec(url.pathname)?.[1];
      if (rpc && req.method === "POST") {
        if (rest === "refuse") return req.socket.destroy();
        if (rest === "down")
          return send(res, 500, { code: "XX000", message: "Internal server error", details: null, hint: null });
        if (rest === "slow") await new Promise((r) => setTimeout(r, slowMs));
        const role =
          apikey === FAKE_SERVICE_ROLE_KEY && req.headers.authorization === `Bearer ${FAKE_SERVICE_ROLE_KEY}`
            ? "service_role"
            : "anon";
        const args = Object.entries((body ?? {}) as Record<string, unknown>);
        if (args.some(([name]) => !IDENTIFIER.test(name)))
          return send(res, 400, { code: "PGRST102", message: "Bad arguments" });
        try {
          const result = await db.transaction(async (tx) => {
            await tx.exec(`set local role ${role}`);
            return tx.query<{ result: unknown }>(
              `select public.${rpc}(${args.map(([name], i) => `${name} => $${i + 1}`).join(", ")}) as result`,
              args.map(([, value]) => value),
            );
          });
          return send(res, 200, result.rows[0]?.result ?? null);
        } catch (error) {
          const e = error as { code?: string; message?: string };
          return send(res, e.code === "42501" ? 401 : 400, {
            code: e.code,
            message: e.message,
            details: null,
            hint: null,
          });
        }
      }
      if (url.pathname === "/functions/v1/meta-conversion" && req.method === "POST") {
        if (functionUrl && functions === "ok") {
          const answer = await fetch(functionUrl, {
            method: "POST",
            headers: Object.fromEntries(
              ["content-type", "authorization", SIGNATURE_HEADER].flatMap((name) => {
                const value = req.headers[name];
                return typeof value === "string" ? [[name, value]] : [];
              }),
            ),
            body: text,
          });
          res.writeHead(answer.status, { "content-type": "application/json" });
          return res.end(await answer.text());
        }
        if (signed === false) return send(res, 401, { error: "Invalid signature" });
        if (functions === "down") return send(res, 500, { error: "function crashed" });
        return send(res, 200, { ok: true });
      }
      return send(res, 404, { message: "not found" });
    } catch (error) {
      return send(res, 500, { message: String(error) });
    }
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    server,
    db,
    requests,
    setMode(mode) {
      rest = mode.rest ?? rest;
      functions = mode.functions ?? functions;
      slowMs = mode.slowMs ?? slowMs;
    },
    forwardFunctionsTo(url) {
      functionUrl = url;
    },
    rows,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const fake = await startFakeSupabase(Number(process.env.FAKE_SUPABASE_PORT ?? 3102), {
    signingSecret: process.env.FAKE_CONVERSION_SIGNING_SECRET || undefined,
    intakeCeiling: process.env.FAKE_SUPABASE_INTAKE_CEILING !== "off",
  });
  console.log(`fake Supabase on ${fake.url}`);
}
