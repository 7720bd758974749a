// A flood against the standalone production server with the default limits (5 a minute per client, 20 per /48, a
// ceiling of 100 proven leads a minute, 100 held leads an hour): 25 addresses post junk and proof-less leads while a
// person fills the form in Chromium. The flood lasts until the person's lead is answered and two seconds more, not a
// minute: every bucket the flood can reach is full within a few seconds (each address's junk and held buckets after 5
// requests, the hourly cap after 100 held leads), and what follows only repeats refusals.
import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { validContactRequest } from "../support/contact/contact-request";
import { fillContactForm } from "../support/contact/contact-form-fill";
import { E2E_PORTS } from "../../scripts/lib/e2e-hosts";
import { E2E_SECRETS } from "../../scripts/lib/e2e-secrets";
import { FAKE_SERVICE_ROLE_KEY, startFakeSupabase, type FakeSupabase } from "../support/supabase/fake-supabase";
import { copyStandalone, startStandalone, type StandaloneServer } from "../../scripts/lib/standalone-server";

/** How long the flood goes on once the person's lead is answered, and at most in all. */
const FLOOD_AFTER_PERSON_MS = 2_000;
const FLOOD_MAX_MS = 60_000;
const WEBHOOK_SECRET = "flood-lead-webhook-secret-0123456789abcdef";

let work: string;
let supabase: FakeSupabase;
let smtp: SMTPServer;
let webhook: Server;
let server: StandaloneServer;
const subjects: string[] = [];
const hooks: { type: string; id: string }[] = [];

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  work = mkdtempSync(join(tmpdir(), "flood-"));
  supabase = await startFakeSupabase(0, { signingSecret: E2E_SECRETS.CONVERSION_SIGNING_SECRET });
  smtp = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => (subjects.push(mail.subject ?? ""), callback()))
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  webhook = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    hooks.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as { type: string; id: string });
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => webhook.listen(0, "127.0.0.1", resolve));
  copyStandalone(join(work, "site"));
  server = await startStandalone(
    join(work, "site"),
    E2E_PORTS.flood,
    {
      SUPABASE_URL: supabase.url,
      SUPABASE_ANON_KEY: "flood-anon-key",
      SUPABASE_SECRET_KEY: FAKE_SERVICE_ROLE_KEY,
      CONVERSION_SIGNING_SECRET: E2E_SECRETS.CONVERSION_SIGNING_SECRET,
      CONTACT_PROOF_SECRET: E2E_SECRETS.CONTACT_PROOF_SECRET,
      CLIENT_IP_HEADER: "x-real-ip",
      FORWARDED_HOST_HEADER: "host",
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      SALES_EMAIL_FROM: "alertas@puente.example",
      SALES_EMAIL_TO: "ventas@puente.example",
      LEAD_WEBHOOK_URL: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hooks/leads`,
      LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    "/api/health",
  );
});

test.afterAll(async () => {
  await server?.stop();
  await supabase?.close();
  smtp?.close();
  webhook?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

test("25 addresses flooding junk and proof-less leads neither close the form nor reach sales or Meta", async ({
  page,
}) => {
  const origin = server.origin;
  const answered = new Map<string, number>();
  const junk = ["{}", "not json", JSON.stringify(validContactRequest({ email: "nope" }))];
  let end = Date.now() + FLOOD_MAX_MS;
  const flood = Array.from({ length: 25 }, async (_, a) => {
    const ip = `198.51.100.${a + 1}`;
    const headers = { "content-type": "application/json", origin, "x-real-ip": ip, "user-agent": "Mozilla/5.0" };
    for (let i = 0; Date.now() < end; i++) {
      const lead = validContactRequest({ company: `Flood Bot ${a}-${i}`, submissionId: randomUUID() });
      const body = i % 2 ? JSON.stringify(lead) : junk[i % junk.length]!;
      const response = await fetch(`${origin}/api/contact`, { method: "POST", headers, body });
      await response.arrayBuffer();
      if (i % 2) answered.set(lead.submissionId, response.status);
    }
  });

  // Meanwhile a person opens the form, fills it in and sends it.
  await new Promise((r) => setTimeout(r, 3_000));
  await page.setExtraHTTPHeaders({ "x-real-ip": "203.0.113.99" });
  await page.goto(`${origin}/mx`);
  const company = `Flood Survivor ${randomUUID().slice(0, 8)}`;
  await fillContactForm(page, { company, phonePrefix: "52", phone: "55 1234 5678" });
  const response = page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  const person = await response;
  end = Math.min(end, Date.now() + FLOOD_AFTER_PERSON_MS);
  expect(person.status()).toBe(201);
  const personId = (person.request().postDataJSON() as { submissionId: string }).submissionId;
  await Promise.all(flood);

  // The person's lead: stored as an ordinary one, alerted by email and webhook, and reported.
  const rows = (await supabase.rows()) as unknown as { id: string; company: string; held_reason: string | null }[];
  expect(rows.find((r) => r.id === personId)).toMatchObject({ company, held_reason: null });
  await expect.poll(() => subjects.some((s) => s.includes(company)), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => hooks.some((h) => h.id === personId), { timeout: 20_000 }).toBe(true);
  const reported = () =>
    supabase.requests
      .filter((r) => r.path.includes("meta-conversion"))
      .map((r) => (r.body as { eventId: string }).eventId);
  await expect.poll(() => reported().includes(personId), { timeout: 20_000 }).toBe(true);

  // The flood's leads: every one answered 201 is stored, held for want of a proof (so the function withholds it);
  // every other was refused (429) and stored nowhere; none reached the sales email or the webhook.
  const byId = new Map(rows.map((r) => [r.id, r]));
  const accepted = [...answered].filter(([, status]) => status === 201).map(([id]) => id);
  expect(accepted.length).toBeGreaterThan(0);
  expect(accepted.length).toBeLessThanOrEqual(100);
  for (const id of accepted) expect(byId.get(id)?.held_reason, id).toBe("no_proof");
  for (const [id, status] of answered) if (status !== 201) expect([status, byId.has(id)], id).toEqual([429, false]);
  expect(subjects.filter((s) => s.includes("Flood Bot"))).toEqual([]);
  expect(hooks.filter((h) => h.type === "lead.created" && byId.get(h.id)?.company.startsWith("Flood Bot"))).toEqual([]);
});
