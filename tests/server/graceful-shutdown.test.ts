import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, test } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { request as httpRequest } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SHUTDOWN_DEADLINE_MS } from "@/lib/health/shutdown-deadline";
import { validContactRequest } from "../support/contact/contact-request";
import { E2E_PORTS } from "../../scripts/lib/e2e-hosts";
import { emptyDatabaseDir } from "../support/supabase/empty-database";
import { exited } from "../../scripts/lib/server-process";

// SIGTERM while many submissions are in flight: the server stops accepting, finishes what it took, then closes
// the embedded database. Every lead answered 201 must be on disk after a restart.
const PORT = E2E_PORTS.shutdown;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CLIENTS = 40;

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "shutdown-"));
  await emptyDatabaseDir(join(dir, "pglite"));
});
// A failed assertion must not leave a server on the port for the next run to find.
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function startServer(
  extra: Record<string, string> = {},
): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ["scripts/start-standalone.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOSTNAME: "127.0.0.1",
      EMBEDDED_DB_DIR: join(dir, "pglite"),
      LEADS_STORE: "embedded",
      CONTACT_RATE_LIMIT_PER_MINUTE: "0",
      // The leads posted here test shutdown, not the proof: treated as before it.
      CONTACT_PROOF: "off",
      // The e2e build answering on a port of its own: its Host counts as the site's (the Origin check).
      FORWARDED_HOST_HEADER: "host",
      NEXT_TELEMETRY_DISABLED: "1",
      ...extra,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  started.push(child);
  await expect.poll(async () => (await fetch(`${ORIGIN}/mx`).catch(() => null))?.status, { timeout: 30_000 }).toBe(200);
  return { child, exited: exited(child) };
}

const lead = (id: string) => JSON.stringify(validContactRequest({ submissionId: id }));

async function submit(id: string): Promise<number | "no answer"> {
  try {
    const response = await fetch(`${ORIGIN}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: lead(id),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return "no answer";
  }
}

/** A POST on a connection of its own, as a new client would open: its error code if none is accepted. */
function freshConnection(): Promise<string | number> {
  return new Promise((resolve) => {
    const request = httpRequest(
      `${ORIGIN}/api/contact`,
      { method: "POST", agent: false, headers: { "content-type": "application/json", origin: ORIGIN } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    request.end(lead(randomUUID()));
  });
}

test("SIGTERM during a burst of submissions loses none that were answered 201", { timeout: 240_000 }, async () => {
  const first = await startServer();
  // The database is open before the burst, as in a server that has been up a while.
  expect(await submit(randomUUID())).toBe(201);

  const answered201: string[] = [];
  const outcomes = new Map<string, number>();
  let stopping = false;
  const client = async () => {
    // Like a load balancer's connections: submitting until the signal, then one more each (already in flight or
    // sent just after), then no more.
    for (let last = false; !last;) {
      last = stopping;
      const id = randomUUID();
      const status = await submit(id);
      outcomes.set(String(status), (outcomes.get(String(status)) ?? 0) + 1);
      if (status === 201) answered201.push(id);
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  // The burst is under way: every client has had a lead answered.
  await expect.poll(() => answered201.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(CLIENTS);
  const beforeSignal = answered201.length;
  stopping = true;
  first.child.kill("SIGTERM");
  // It stops accepting at once: a new connection is refused (or reset from the closed listener's queue), not served.
  await expect
    .poll(async () => String(await freshConnection()), { timeout: 1_000 })
    .toMatch(/^(ECONNREFUSED|ECONNRESET)$/);
  await Promise.all(clients);
  expect(await first.exited).toBe(143);

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
    `[shutdown] ${CLIENTS} clients: ${answered201.length} answered 201 (${answered201.length - beforeSignal} of them after SIGTERM), ` +
      `outcomes ${JSON.stringify(Object.fromEntries(outcomes))}; ${stored.size} rows after a restart (incl. warm-up and late lead); lost ${lost.length}`,
  );
  // The submissions in flight at the signal were finished, not cut off. How many were in flight is the network's
  // to say: a client whose next request was still on its way, or on a keep-alive connection the server was closing
  // as idle, gets no answer (and retries, as a browser would), so the count is at least one, not every client.
  expect(answered201.length - beforeSignal).toBeGreaterThan(0);
  expect(lost).toEqual([]);
  expect(stored.has(late)).toBe(true);
  // Submissions that could not be taken during shutdown were told to retry (503) or not answered: never a 500.
  expect(outcomes.get("500") ?? 0).toBe(0);
});

test(
  "a connection opened and never used does not keep a stopping server alive, and its leads are on disk",
  { timeout: 90_000 },
  async () => {
    const server = await startServer();
    const id = randomUUID();
    expect(await submit(id)).toBe(201);
    // As a browser's preconnect: connected, nothing sent yet. Node does not count it as idle, so Next's shutdown,
    // which waits for every connection, would wait for it until the client gives up.
    const socket = connect(PORT, "127.0.0.1");
    await once(socket, "connect");
    try {
      const signalled = Date.now();
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(143);
      expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_DEADLINE_MS + 5_000);
    } finally {
      socket.destroy();
    }
    const db = new PGlite(join(dir, "pglite"));
    const { rows } = await db.query<{ id: string }>("select id from contact_submissions where id = $1", [id]);
    await db.close();
    expect(rows).toHaveLength(1);
  },
);

/** A person's browser counting a visit under a campaign of the test's own. */
async function beacon(campaign: string): Promise<number> {
  const response = await fetch(`${ORIGIN}/api/beacon`, {
    method: "POST",
    headers: {
      origin: ORIGIN,
      "content-type": "text/plain",
      "user-agent":
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
    },
    body: JSON.stringify({ type: "visit", path: "/mx", touch: { s: "shutdown", m: "test", c: campaign } }),
  });
  return response.status;
}

/** The visits stored under a campaign, read from the database once the server has stopped. */
async function storedVisits(campaign: string): Promise<number> {
  const db = new PGlite(join(dir, "pglite"));
  const { rows } = await db.query<{ visits: number }>(
    "select coalesce(sum(visits), 0)::int as visits from page_counts where campaign = $1",
    [campaign],
  );
  await db.close();
  return rows[0]!.visits;
}

test(
  "SIGTERM writes the visits counted since the last write; a crash loses at most the last interval's, and no lead",
  {
    timeout: 120_000,
  },
  async () => {
    // A write interval longer than the test: only the shutdown can have written these.
    const stopping = await startServer({ COUNTS_FLUSH_SECONDS: "60" });
    const flushed = `flushed-${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 25; i++) expect(await beacon(flushed)).toBe(204);
    stopping.child.kill("SIGTERM");
    expect(await stopping.exited).toBe(143);
    expect(await storedVisits(flushed)).toBe(25);

    const crashing = await startServer({ COUNTS_FLUSH_SECONDS: "1" });
    const crashed = `crashed-${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 10; i++) expect(await beacon(crashed)).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    for (let i = 0; i < 5; i++) expect(await beacon(crashed)).toBe(204);
    // A lead sent in that last interval: answered 201, it is on disk before the answer, crash or not.
    const lead = randomUUID();
    expect(await submit(lead)).toBe(201);
    crashing.child.kill("SIGKILL");
    await crashing.exited;
    // The ten before the last write are stored; of the five after it, none or some, never more than were sent.
    const visits = await storedVisits(crashed);
    expect(visits).toBeGreaterThanOrEqual(10);
    expect(visits).toBeLessThanOrEqual(15);
    const db = new PGlite(join(dir, "pglite"));
    const { rows } = await db.query("select id from contact_submissions where id = $1", [lead]);
    await db.close();
    expect(rows).toHaveLength(1);
  },
);
