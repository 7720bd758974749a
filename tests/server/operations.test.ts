// What an operator runs the site with, against the standalone production server (as a container runs it): liveness
// and readiness endpoints, JSON log lines that follow one submission without personal data, and the contact route's
// span tree arriving at a local OTLP/HTTP collector. Sales is alerted through a signed webhook to a local receiver.
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SIGNATURE_HEADER, verifySignatureHeader } from "#edge/signed-request";
import { validContactRequest } from "../support/contact/contact-request";
import { E2E_PORTS } from "../../scripts/lib/e2e-hosts";
import { FAKE_SERVICE_ROLE_KEY, startFakeSupabase, type FakeSupabase } from "../support/supabase/fake-supabase";
import { freePort } from "../../scripts/lib/free-port";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "../../scripts/lib/otlp-receiver";
import { copyStandalone, startStandalone, type StandaloneServer } from "../../scripts/lib/standalone-server";
import { E2E_SECRETS } from "../../scripts/lib/e2e-secrets";
import type { LogLine } from "../support/telemetry/log-lines";

const ANON_KEY = "operations-anon-key";
const RATE_LIMIT = 2;
const WEBHOOK_SECRET = "operations-lead-webhook-secret-0123456789";

let work: string;
let supabase: FakeSupabase;
let collector: OtlpReceiver;
let server: StandaloneServer;

/**
 * The CRM's end of the lead webhook: answers `webhookStatus` and keeps what it was sent, with its signature checked.
 */
let webhook: Server;
let webhookStatus = 204;
const webhookCalls: { signed: boolean; body: { id: string } }[] = [];

vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "operations-"));
  supabase = await startFakeSupabase(0, { signingSecret: E2E_SECRETS.CONVERSION_SIGNING_SECRET });
  collector = await startOtlpReceiver();
  webhook = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const check = await verifySignatureHeader(
      WEBHOOK_SECRET,
      (request.headers[SIGNATURE_HEADER] as string | undefined) ?? null,
      raw,
    );
    webhookCalls.push({ signed: check.ok, body: JSON.parse(raw.toString("utf8")) as { id: string } });
    response.writeHead(webhookStatus).end();
  });
  await new Promise<void>((resolve) => webhook.listen(0, "127.0.0.1", resolve));
  copyStandalone(join(work, "site"));
  server = await startStandalone(
    join(work, "site"),
    E2E_PORTS.operations,
    {
      SUPABASE_URL: supabase.url,
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SECRET_KEY: FAKE_SERVICE_ROLE_KEY,
      SUPABASE_TIMEOUT_MS: "1000",
      CONVERSION_SIGNING_SECRET: E2E_SECRETS.CONVERSION_SIGNING_SECRET,
      CLIENT_IP_HEADER: "x-real-ip",
      CONTACT_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      // These leads test what operators see of ordinary leads (alerts, conversions, logs): treated as before the proof.
      CONTACT_PROOF: "off",
      // The server answers on a port of its own: its Host counts as the site's (the Origin check), as behind a proxy.
      FORWARDED_HOST_HEADER: "host",
      REQUEST_ID_HEADER: "x-request-id",
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      // As behind a proxy that sets traceparent: the callers' traces continue here.
      TRACEPARENT_FROM_PROXY: "1",
      LEAD_WEBHOOK_URL: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hooks/leads`,
      LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    "/api/health",
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await collector?.close();
  await new Promise((resolve) => webhook?.close(resolve));
  await supabase?.close().catch(() => undefined);
  if (work) rmSync(work, { recursive: true, force: true });
});

const get = (path: string, ip = "203.0.113.50") => fetch(server.origin + path, { headers: { "x-real-ip": ip } });

test("/api/health answers 200 with the build id, is never cached and never rate limited", async () => {
  const buildId = readFileSync(".next/BUILD_ID", "utf8").trim();
  // The contact route is limited for this client...
  const contact = [];
  for (let i = 0; i <= RATE_LIMIT; i++)
    contact.push((await submit(validContactRequest(), { ip: "203.0.113.50" })).status);
  expect(contact.at(-1)).toBe(429);
  // ...its probes are not.
  for (let i = 0; i < 20; i++) {
    const response = await get("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", buildId });
  }
});

test("the Dockerfile's HEALTHCHECK passes against a live server and fails against none", async () => {
  const command = /^\s*CMD (\[.*\])$/m.exec(readFileSync("Dockerfile", "utf8").split("HEALTHCHECK")[1]!)?.[1];
  const [program, ...args] = JSON.parse(command!) as string[];
  expect(program).toBe("node");
  const check = (port: number) =>
    new Promise<number | null>((resolve) =>
      spawn(process.execPath, args, { env: { ...process.env, PORT: String(port) }, stdio: "ignore" }).once(
        "exit",
        resolve,
      ),
    );
  expect(await check(E2E_PORTS.operations)).toBe(0);
  expect(await check(await freePort())).toBe(1);
});

test("/api/ready answers 200 with the leads store up, says nothing more, and is not rate limited", async () => {
  for (let i = 0; i < 20; i++) {
    const response = await get("/api/ready");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ready" });
  }
});

type Line = LogLine & { requestId?: string; leadId?: string };

/** A lead whose personal data is unique to this submission, so any trace of it in the logs is found. */
function uniqueLead() {
  const tag = randomBytes(4).toString("hex");
  const digits = String(1000 + (parseInt(tag, 16) % 8000));
  return validContactRequest({
    company: `Logistica ${tag} SA`,
    contact: `Maria ${tag} Gomez`,
    email: `maria.${tag}@example.com`,
    phonePrefix: "55",
    phone: `(11) 9${digits}-4321`,
    market: "br",
  });
}

async function submit(
  body: object,
  {
    ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
    requestId,
    traceparent,
  }: { ip?: string; requestId?: string; traceparent?: string } = {},
) {
  return fetch(`${server.origin}/api/contact`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: server.origin,
      "x-real-ip": ip,
      "user-agent": "Mozilla/5.0 (operations test)",
      ...(requestId && { "x-request-id": requestId }),
      ...(traceparent && { traceparent }),
    },
    body: JSON.stringify(body),
  });
}

/** A line `linesOf` waits for: an event name, or a test of the parsed line. */
type Expected = string | ((line: Line) => boolean);

/** A written line, parsed; `undefined` when it is not JSON (which `linesOf` fails on). */
const parsed = (text: string): Line | undefined => {
  try {
    return JSON.parse(text) as Line;
  } catch {
    return undefined;
  }
};

/** The webhook channel's own line (the email's goes to the log, as no SMTP server is configured here). */
const webhookAlert = (event: string) => (line: Line) => line.event === event && line.channel === "webhook";

/**
 * Submits `lead` and returns every line the server wrote meanwhile (both streams), once the lines `until` names have
 * been written for it (work after the response included). Each line must be JSON.
 */
async function linesOf(lead: ReturnType<typeof uniqueLead>, until: Expected[], options: { traceparent?: string } = {}) {
  const from = { out: server.stdout().length, err: server.stderr().length };
  const requestId = `e2e-${randomUUID()}`;
  const response = await submit(lead, { requestId, ...options });
  expect(response.headers.get("x-request-id")).toBe(requestId);
  const written = () =>
    (server.stdout().slice(from.out) + server.stderr().slice(from.err))
      .split("\n")
      .filter((text) => text.trim() !== "")
      .map((text) => ({ text, line: parsed(text) }));
  const seen = (wanted: Expected) =>
    written().some(
      ({ line }) =>
        line !== undefined &&
        line.leadId === lead.submissionId &&
        (typeof wanted === "string" ? line.event === wanted : wanted(line)),
    );
  await expect.poll(() => until.every(seen), { timeout: 20_000 }).toBe(true);
  const lines = written().map(({ text, line }) => {
    expect(line, `not JSON: ${text}`).toBeDefined();
    return { text, line: line! };
  });
  return { status: response.status, requestId, lines };
}

/** Every line carries the request and the lead, and none holds the visitor's email, phone, name or company. */
function expectAboutLeadWithoutPersonalData(
  lines: { text: string; line: Line }[],
  lead: ReturnType<typeof uniqueLead>,
  requestId: string,
) {
  const nationalDigits = lead.phone.replace(/\D/g, "");
  const personal = [lead.email, lead.phone, nationalDigits, `+55${nationalDigits}`, lead.contact, lead.company];
  expect(lines.length).toBeGreaterThan(0);
  for (const { text, line } of lines) {
    expect(line).toMatchObject({ requestId, leadId: lead.submissionId, market: "br" });
    expect(typeof line.level).toBe("string");
    expect(typeof line.time).toBe("string");
    expect(typeof line.msg).toBe("string");
    expect(typeof line.event).toBe("string");
    for (const value of personal) expect(text, `a log line holds "${value}"`).not.toContain(value);
  }
}

const events = (lines: { line: Line }[]) => lines.map(({ line }) => line.event);

/** A failed span of `name` under the contact route's span for `leadId` (OTLP status code 2 is ERROR). */
const failedSpanOfLead = (name: string, leadId: string) =>
  collector.spans.find(
    (s) =>
      s.name === name &&
      s.statusCode === 2 &&
      collector.spans.some((r) => r.spanId === s.parentSpanId && r.attributes["lead.id"] === leadId),
  );

test("a stored lead: JSON lines with its request and lead id, no personal data, and the route's span tree", async () => {
  const lead = uniqueLead();
  const traceId = randomBytes(16).toString("hex");
  const { status, requestId, lines } = await linesOf(
    lead,
    ["request.completed", "conversion.sent", webhookAlert("alert.sent")],
    { traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01` },
  );
  expect(status).toBe(201);
  expect(events(lines)).toEqual(
    expect.arrayContaining(["lead.stored", "request.completed", "conversion.sent", "alert.sent"]),
  );
  expectAboutLeadWithoutPersonalData(lines, lead, requestId);
  expect(lines.find(({ line }) => line.event === "request.completed")!.line).toMatchObject({
    level: "info",
    status: 201,
    path: "/api/contact",
  });

  // The trace continues the caller's (traceparent), and the route's span holds the store's and the conversion's.
  const inTrace = () => collector.spans.filter((s) => s.traceId === traceId);
  const named = (name: string) => inTrace().find((s) => s.name === name);
  await expect
    .poll(() => ["contact.submit", "lead.store", "conversion.report", "alert.send"].every((name) => named(name)), {
      timeout: 15_000,
    })
    .toBe(true);
  const route = named("contact.submit")!;
  expect(route.attributes).toMatchObject({
    "lead.id": lead.submissionId,
    market: "br",
    "http.response.status_code": 201,
    "request.id": requestId,
  });
  expect(route.serviceName).toBe("puente-pagos-site");
  for (const child of ["lead.store", "conversion.report", "alert.send"])
    expect(named(child)!.parentSpanId, child).toBe(route.spanId);
  expect(named("alert.send")!.attributes).toMatchObject({ "alert.channel": "webhook", "alert.attempts": 1 });
  // The CRM got this lead, signed.
  expect(webhookCalls.find((c) => c.body.id === lead.submissionId)?.signed).toBe(true);
  expect(named("lead.store")!.attributes).toMatchObject({ "lead.outcome": "stored" });
  // Next's own span for the request is the route span's parent, in the same trace.
  expect(inTrace().some((s: ReceivedSpan) => s.spanId === route.parentSpanId)).toBe(true);
  // The log lines name the trace they belong to.
  expect(lines.find(({ line }) => line.event === "lead.stored")!.line).toMatchObject({ trace_id: traceId });
});

test("a refused lead: its lines carry its id and name the field, not the values", async () => {
  const lead = { ...uniqueLead(), email: `not-an-email-${randomBytes(3).toString("hex")}` };
  const { status, requestId, lines } = await linesOf(lead, ["request.completed"]);
  expect(status).toBe(422);
  const refused = lines.find(({ line }) => line.event === "lead.refused")!.line;
  expect(refused).toMatchObject({ by: "validation", fields: ["email"] });
  expectAboutLeadWithoutPersonalData(lines, lead, requestId);
});

test("a store failure: every retry and the 503 are logged with the lead id, no personal data", async () => {
  supabase.setMode({ rest: "down" });
  try {
    const lead = uniqueLead();
    const { status, requestId, lines } = await linesOf(lead, ["lead.store_unavailable", "request.completed"]);
    expect(status).toBe(503);
    expect(events(lines).filter((e) => e === "lead.store_retry")).toHaveLength(3);
    expect(lines.find(({ line }) => line.event === "lead.store_unavailable")!.line).toMatchObject({ level: "error" });
    expectAboutLeadWithoutPersonalData(lines, lead, requestId);
    // The failed store marks its span failed.
    await expect.poll(() => failedSpanOfLead("lead.store", lead.submissionId), { timeout: 15_000 }).toBeTruthy();
  } finally {
    supabase.setMode({ rest: "ok" });
  }
});

test("a conversion failure after the response: logged with the lead id, no personal data, its span failed", async () => {
  supabase.setMode({ functions: "down" });
  try {
    const lead = uniqueLead();
    const { status, requestId, lines } = await linesOf(lead, ["conversion.failed"]);
    expect(status).toBe(201);
    expect(lines.find(({ line }) => line.event === "conversion.failed")!.line).toMatchObject({
      level: "error",
      status: 500,
    });
    expectAboutLeadWithoutPersonalData(lines, lead, requestId);
    await expect.poll(() => failedSpanOfLead("conversion.report", lead.submissionId), { timeout: 15_000 }).toBeTruthy();
  } finally {
    supabase.setMode({ functions: "ok" });
  }
});

test("a sales alert the CRM keeps refusing: retried after the response, then one error line with the lead id, no personal data, its span failed", async () => {
  webhookStatus = 500;
  try {
    const lead = uniqueLead();
    const { status, requestId, lines } = await linesOf(lead, [webhookAlert("alert.failed")]);
    expect(status).toBe(201);
    const failed = lines.filter(({ line }) => webhookAlert("alert.failed")(line));
    expect(failed).toHaveLength(1);
    expect(failed[0]!.line).toMatchObject({
      level: "error",
      attempts: 4,
      failures: Array(4).fill("webhook answered 500"),
    });
    expect(webhookCalls.filter((c) => c.body.id === lead.submissionId)).toHaveLength(4);
    expectAboutLeadWithoutPersonalData(lines, lead, requestId);
    await expect.poll(() => failedSpanOfLead("alert.send", lead.submissionId), { timeout: 15_000 }).toBeTruthy();
  } finally {
    webhookStatus = 204;
  }
});

test("without TRACEPARENT_FROM_PROXY, a client's traceparent chooses neither the trace id nor sampling", async () => {
  const untrusting = await startStandalone(
    join(work, "site"),
    E2E_PORTS.operationsRedis,
    {
      SUPABASE_URL: supabase.url,
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SECRET_KEY: FAKE_SERVICE_ROLE_KEY,
      CONVERSION_SIGNING_SECRET: E2E_SECRETS.CONVERSION_SIGNING_SECRET,
      CLIENT_IP_HEADER: "x-real-ip",
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      CONTACT_PROOF_SECRET: E2E_SECRETS.CONTACT_PROOF_SECRET,
    },
    "/api/health",
  );
  try {
    const clientTrace = randomBytes(16).toString("hex");
    const before = collector.spans.length;
    const response = await fetch(`${untrusting.origin}/api/ready`, {
      headers: { traceparent: `00-${clientTrace}-${randomBytes(8).toString("hex")}-00` },
    });
    expect(response.status).toBe(200);
    // Recorded (the client asked for no sampling), and in a trace of the server's own.
    await expect
      .poll(() => collector.spans.slice(before).some((s) => s.name === "readiness.check"), { timeout: 15_000 })
      .toBe(true);
    expect(collector.spans.filter((s) => s.traceId === clientTrace)).toEqual([]);
  } finally {
    await untrusting.stop();
  }
});

test("/api/ready answers 503 when REDIS_URL points at nothing; only the log names Redis, without its credentials", async () => {
  const nothing = await freePort();
  const url = `redis://probe-user:redis-secret-${randomBytes(4).toString("hex")}@127.0.0.1:${nothing}`;
  const withRedis = await startStandalone(
    join(work, "site"),
    E2E_PORTS.operationsRedis,
    {
      SUPABASE_URL: supabase.url,
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SECRET_KEY: FAKE_SERVICE_ROLE_KEY,
      CONVERSION_SIGNING_SECRET: E2E_SECRETS.CONVERSION_SIGNING_SECRET,
      CLIENT_IP_HEADER: "x-real-ip",
      CONTACT_PROOF_SECRET: E2E_SECRETS.CONTACT_PROOF_SECRET,
      REDIS_URL: url,
    },
    "/api/health",
  );
  try {
    const response = await fetch(`${withRedis.origin}/api/ready`);
    const text = await response.text();
    expect(response.status).toBe(503);
    expect(JSON.parse(text)).toEqual({ status: "unavailable" });
    const log = () => withRedis.stdout() + withRedis.stderr();
    await expect.poll(log).toMatch(/"event":"readiness.changed".*"failing":\["redis"\]/);
    expect(log()).toMatch(/Not ready: redis: Redis /);
    for (const secret of ["redis-secret", "probe-user", String(nothing), ANON_KEY]) expect(text).not.toContain(secret);
    for (const secret of ["redis-secret", "probe-user", ANON_KEY]) expect(log()).not.toContain(secret);
  } finally {
    await withRedis.stop();
  }
});

test("/api/ready answers 503 once Supabase is gone; only the log names the leads store, without its address or key", async () => {
  const from = server.stderr().length + server.stdout().length;
  await supabase.close();
  // A result is reused for a few seconds: the next fresh check sees the store down.
  let response: Response | undefined;
  await expect.poll(async () => (response = await get("/api/ready")).status, { timeout: 15_000 }).toBe(503);
  const text = await response!.text();
  expect(JSON.parse(text)).toEqual({ status: "unavailable" });
  expect(server.stdout() + server.stderr()).toMatch(/Not ready: store: Supabase /);
  for (const secret of [supabase.url, new URL(supabase.url).host, ANON_KEY]) expect(text).not.toContain(secret);
  expect((await get("/api/health")).status).toBe(200);
  expect((server.stdout() + server.stderr()).length).toBeGreaterThan(from);
  expect(server.stdout() + server.stderr()).toMatch(/"event":"readiness.changed".*"failing":\["store"\]/);
});
