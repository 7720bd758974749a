import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { E2E_PORTS } from "../support/e2e-hosts";

// SIGTERM while many submissions are in flight: the server stops accepting, finishes what it took, then closes
// the embedded database. Every lead answered 201 must be on disk after a restart.
const PORT = E2E_PORTS.embedded + 4;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CLIENTS = 40;

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "shutdown-"));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function startServer(): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(PORT)], {
    env: { ...process.env, EMBEDDED_DB_DIR: join(dir, "pglite"), LEADS_STORE: "embedded", CONTACT_RATE_LIMIT_PER_MINUTE: "0", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await expect.poll(async () => (await fetch(`${ORIGIN}/mx`).catch(() => null))?.status, { timeout: 30_000 }).toBe(200);
  return { child, exited };
}

const lead = (id: string) =>
  JSON.stringify({
    company: "Shutdown Test SA",
    contact: "Ana Pérez",
    email: "ana@example.com",
    phonePrefix: "52",
    phone: "55 1234 5678",
    country: "usa",
    reason: "goods",
    volume: "10000-49999",
    market: "mx",
    submissionId: id,
    website: "",
  });

async function submit(id: string): Promise<number | "no answer"> {
  try {
    const response = await fetch(`${ORIGIN}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: lead(id) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return "no answer";
  }
}

test("SIGTERM during a burst of submissions loses none that were answered 201", async () => {
  test.setTimeout(120_000);
  const first = await startServer();
  // Make sure the database is open before the burst, as in a server that has been up a while.
  expect(await submit(randomUUID())).toBe(201);

  const answered201: string[] = [];
  const outcomes = new Map<string, number>();
  let stopping = false;
  let afterSignal = 0;
  const client = async () => {
    // Each client keeps submitting until the server no longer answers at all.
    for (;;) {
      const id = randomUUID();
      const status = await submit(id);
      outcomes.set(String(status), (outcomes.get(String(status)) ?? 0) + 1);
      if (status === 201) answered201.push(id);
      if (stopping) afterSignal += 1;
      if (status === "no answer") return;
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const beforeSignal = answered201.length;
  stopping = true;
  first.child.kill("SIGTERM");
  await Promise.all(clients);
  const code = await first.exited;
  expect(code).toBe(143);

  // Restart on the same database: it opens, takes a new lead, and shuts down cleanly again.
  const second = await startServer();
  const late = randomUUID();
  expect(await submit(late)).toBe(201);
  second.child.kill("SIGTERM");
  expect(await second.exited).toBe(143);

  const db = new PGlite(join(dir, "pglite"));
  const stored = new Set((await db.query<{ id: string }>("select id from contact_submissions")).rows.map((r) => r.id));
  await db.close();
  const lost = answered201.filter((id) => !stored.has(id));
  console.info(
    `[shutdown] ${CLIENTS} clients: ${answered201.length} answered 201 (${beforeSignal} before SIGTERM), outcomes ${JSON.stringify(Object.fromEntries(outcomes))}, ` +
      `${afterSignal} requests finished after the signal; ${stored.size} rows after restart; lost ${lost.length}`,
  );
  expect(answered201.length).toBeGreaterThan(CLIENTS);
  expect(lost).toEqual([]);
  expect(stored.has(late)).toBe(true);
  // Submissions refused during shutdown were told to retry (503) or not answered: never a 500.
  expect(outcomes.get("500") ?? 0).toBe(0);
});
