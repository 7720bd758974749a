import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MARKETS } from "../../lib/markets/markets";
import { E2E_PORTS } from "../../scripts/lib/e2e-hosts";
import { fillContactForm } from "../support/contact/contact-form-fill";
import { E2E_SECRETS } from "../../scripts/lib/e2e-secrets";
import { stopProcessGroup } from "../../scripts/lib/server-process";

// Its own `npm start` (the standalone server) on a fresh database, so the test can stop it and read what it stored:
// PGlite is single-process, and a lead only counts once it is on disk.
const PORT = E2E_PORTS.embeddedStore;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SUBMIT = { mx: "Enviar solicitud", br: "Enviar solicitação", ar: "Enviar solicitud" } as const;

let server: ChildProcess;
let dir: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "leads-"));
  // The standalone server under this Node, in its own process group, so a signal reaches the server itself.
  server = spawn(process.execPath, ["scripts/start-standalone.mjs"], {
    // The e2e build answering on a port of its own: its Host counts as the site's, as on the Supabase-mode server.
    env: {
      ...process.env,
      PORT: String(PORT),
      HOSTNAME: "127.0.0.1",
      EMBEDDED_DB_DIR: join(dir, "pglite"),
      LEADS_STORE: "embedded",
      CONTACT_RATE_LIMIT_PER_MINUTE: "0",
      CONTACT_PROOF_SECRET: E2E_SECRETS.CONTACT_PROOF_SECRET,
      FORWARDED_HOST_HEADER: "host",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: "inherit",
    detached: true,
  });
  await expect.poll(async () => (await fetch(`${ORIGIN}/mx`).catch(() => null))?.status, { timeout: 30_000 }).toBe(200);
});

test.afterAll(() => {
  if (server.exitCode === null && server.signalCode === null) process.kill(-server.pid!, "SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

test("leads from every market land in the embedded database and survive a restart", async ({ page }) => {
  // A cold server opens PGlite (WebAssembly, migrations) while the first pages load: slow on a busy machine.
  test.setTimeout(120_000);
  const companies: Record<string, string> = {};
  for (const market of MARKETS) {
    companies[market] = `Persisted ${market} ${randomUUID()}`;
    await page.goto(`${ORIGIN}/${market}`);
    await fillContactForm(page, {
      company: companies[market]!,
      contact: "João Silva",
      email: `lead-${market}@example.com`,
      phonePrefix: "55",
      phone: "(11) 98765-4321",
      country: "brazil",
      reason: "invoice",
      volume: "0-4999",
    });
    await page.getByRole("button", { name: SUBMIT[market] }).click();
    // The first lead opens the cold server's database (WebAssembly, migrations): seconds on a busy machine.
    await expect(page.locator('[data-sonner-toast][data-type="success"]')).toBeVisible({ timeout: 30_000 });
  }

  // A graceful stop flushes the database; then read it as an operator would.
  await stopProcessGroup(server, 60_000);
  const db = new PGlite(join(dir, "pglite"));
  const { rows } = await db.query<{
    company: string;
    phone_prefix: string;
    phone: string;
    phone_e164: string;
    country: string;
    reason: string;
    volume: string;
    email: string;
  }>(
    "select company, phone_prefix, phone, phone_e164, country, reason, volume, email from contact_submissions order by created_at",
  );
  await db.close();
  expect(rows).toHaveLength(3);
  for (const market of MARKETS) {
    const row = rows.find((r) => r.company === companies[market]);
    expect(row).toMatchObject({
      phone_prefix: "55",
      phone: "11987654321",
      phone_e164: "+5511987654321",
      country: "brazil",
      reason: "invoice",
      volume: "0-4999",
      email: `lead-${market}@example.com`,
    });
  }
});
