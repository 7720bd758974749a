import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { alertSales, alertSettings, type AlertSettings } from "@/lib/alerts/sales-alerts";
import { handleContact } from "@/lib/contact/handle-contact";
import { MemoryRateLimiter } from "@/lib/contact/rate-limiter";
import { openIntake } from "../support/contact/contact-deps";
import type { Lead, LeadsStore } from "@/lib/contact/leads-store-contract";
import { readServerEnv } from "@/lib/env/env";
import { validContactRequest } from "../support/contact/contact-request";
import { readDoc } from "../support/docs/project-docs";
import { freePort } from "../../scripts/lib/free-port";
import { captureLogs, type CapturedLogs } from "../support/telemetry/log-lines";
import { sampleLead } from "../support/contact/sample-lead";

// A real SMTP server and a real webhook receiver on loopback; retries are shortened so failures end in milliseconds.
const SECRET = "lead-webhook-test-secret-0123456789abcdef";
const FAST = { delays: [20, 40], attemptTimeoutMs: 5_000 } as const;
/**
 * The deadline of the test of a receiver that never answers: far above what a loopback answer takes, even under load.
 */
const DEADLINE_MS = 500;

/** The verification snippet of docs/leads.md, exactly as a receiver would paste it. */
type Verify = (secret: string, header: unknown, rawBody: Buffer | string, now?: number) => boolean;
let verifyLeadWebhook: Verify;

// ── SMTP ────────────────────────────────────────────────────────────────────────────────────────────────────
type Received = { mail: ParsedMail; rcptTo: string[]; mailFrom: string; user: string | undefined };
let smtp: SMTPServer;
let smtpUrl: string;
let mails: Received[];
/** Until this resolves, the SMTP server holds each message before accepting it. */
let smtpGate: Promise<void>;

// ── Webhook ─────────────────────────────────────────────────────────────────────────────────────────────────
type Call = { headers: IncomingHttpHeaders; raw: Buffer; verified: boolean };
/** What the receiver does with each call in turn: answer a status, or never answer; then 204. */
let plan: (number | "hang")[];
let calls: Call[];
let webhookGate: Promise<void>;
let receiver: Server;
let webhookUrl: string;

let logs: CapturedLogs;

beforeAll(async () => {
  const doc = readDoc("docs/leads.md");
  const snippet = doc.fences.find((f) => f.lang === "js" && f.content.includes("export function verifyLeadWebhook"));
  if (!snippet) throw new Error("docs/leads.md lost its verification snippet");
  const file = join(mkdtempSync(join(tmpdir(), "lead-webhook-")), "verify.mjs");
  writeFileSync(file, snippet.content);
  ({ verifyLeadWebhook } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
    verifyLeadWebhook: Verify;
  });

  smtp = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) =>
      auth.username === "alerts" && auth.password === "s3cret p@ss"
        ? callback(null, { user: auth.username })
        : callback(new Error("Invalid username or password")),
    onRcptTo: (address, _session, callback) => {
      if (address.address.startsWith("unknown@"))
        return callback(Object.assign(new Error("No such user"), { responseCode: 550 }));
      callback();
    },
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then(async (mail) => {
          await smtpGate;
          const from = session.envelope.mailFrom;
          mails.push({
            mail,
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            mailFrom: from ? from.address : "",
            user: session.user as string | undefined,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://alerts:${encodeURIComponent("s3cret p@ss")}@127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

  receiver = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    calls.push({
      headers: request.headers,
      raw,
      verified: verifyLeadWebhook(SECRET, request.headers["x-signature"], raw),
    });
    const next = plan.shift() ?? 204;
    if (next === "hang") return;
    await webhookGate;
    response.writeHead(next, next >= 300 && next < 400 ? { location: "/elsewhere" } : {}).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/leads`;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await new Promise<void>((resolve) => smtp.close(resolve));
});

beforeEach(() => {
  mails = [];
  calls = [];
  plan = [];
  smtpGate = webhookGate = Promise.resolve();
  logs = captureLogs();
});

afterEach(() => logs.restore());

/** The settings production reads from these variables, with short retries. */
function settingsFrom(env: Record<string, string>): AlertSettings {
  return { ...alertSettings(readServerEnv(env)), ...FAST };
}

const emailOnly = () =>
  settingsFrom({
    SMTP_URL: smtpUrl,
    SALES_EMAIL_FROM: "Puente Pagos <alertas@puente.example>",
    SALES_EMAIL_TO: "ventas@puente.example",
  });
const webhookOnly = (url = webhookUrl): AlertSettings => ({
  email: emailOnly().email,
  webhook: { url, secret: SECRET },
  ...FAST,
});

/** Nothing about the person is in the log: no email, phone, name or company, in any line. */
function expectNoPersonalData(lead: Lead) {
  const text = logs.text();
  for (const value of [lead.email, lead.phoneE164, lead.phone, lead.contact, lead.company])
    expect(text).not.toContain(value);
}

const linesOf = (channel: string) => logs.lines.filter((line) => line.channel === channel);
const addresses = (to: AddressObject | AddressObject[] | undefined) =>
  [to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));

describe("the sales alert email over SMTP", () => {
  it("reaches each market's recipients (its own list, else SALES_EMAIL_TO) with both parts, both links and the subject's fields", async () => {
    const settings = settingsFrom({
      SMTP_URL: smtpUrl,
      SALES_EMAIL_FROM: "Puente Pagos <alertas@puente.example>",
      SALES_EMAIL_TO: "ventas@puente.example",
      SALES_EMAIL_TO_BR: "vendas@puente.example, comercial.br@puente.example",
    });
    const leads = {
      mx: sampleLead({ market: "mx" }),
      br: sampleLead({ market: "br", volume: "100000-plus" }),
      ar: sampleLead({ market: "ar", company: `Tango "SRL" <script>alert(1)</script>` }),
    };
    await Promise.all(Object.values(leads).map((lead) => alertSales(lead, new Date("2026-11-23T21:37:00Z"), settings)));

    expect(mails).toHaveLength(3);
    const bySubject = (text: string) => mails.find((m) => m.mail.subject?.includes(text))!;
    const mx = bySubject("México");
    const br = bySubject("Brasil");
    const ar = bySubject("Argentina");
    expect(mx.mail.subject).toBe("Nuevo lead: Acme Importaciones · México · US$ 10,000–49,999/mes");
    expect(br.mail.subject).toBe("Novo lead: Acme Importaciones · Brasil · US$ 100.000 ou mais/mês");
    expect(ar.mail.subject).toBe(
      `Nuevo lead: Tango "SRL" <script>alert(1)</script> · Argentina · US$ 10.000–49.999/mes`,
    );
    expect(mx.rcptTo).toEqual(["ventas@puente.example"]);
    expect(ar.rcptTo).toEqual(["ventas@puente.example"]);
    expect(br.rcptTo).toEqual(["vendas@puente.example", "comercial.br@puente.example"]);
    expect(addresses(br.mail.to)).toEqual(["vendas@puente.example", "comercial.br@puente.example"]);

    for (const [market, { mail, mailFrom, user }] of [
      ["mx", mx],
      ["br", br],
      ["ar", ar],
    ] as const) {
      const lead = leads[market];
      expect(user).toBe("alerts"); // logged in with the credentials in SMTP_URL
      expect(mailFrom).toBe("alertas@puente.example");
      expect(mail.from?.value).toEqual([{ address: "alertas@puente.example", name: "Puente Pagos" }]);
      expect(addresses(mail.replyTo)).toEqual([lead.email]);
      expect(mail.text).toContain(`tel:${lead.phoneE164}`);
      expect(mail.text).toContain("https://wa.me/525512345678");
      expect(mail.text).toContain(lead.id);
      expect(mail.html).toContain(`<a href="tel:${lead.phoneE164}">`);
      expect(mail.html).toContain('<a href="https://wa.me/525512345678">');
      expect(mail.html).toContain(lead.id);
    }
    // The company typed with markup is text in the HTML part.
    expect(ar.mail.html).not.toContain("<script");
    expect(ar.mail.html).toContain("Tango &#34;SRL&#34; &#60;script&#62;");
    // One line per lead, with its id and how it went.
    expect(
      logs
        .events("alert.sent")
        .map((l) => [l.leadId, l.channel, l.attempts])
        .sort(),
    ).toEqual(
      Object.values(leads)
        .map((l) => [l.id, "email", 1])
        .sort(),
    );
    expectNoPersonalData(leads.mx);
  });

  it("retries an SMTP server that refuses connections, then logs one error line with the lead id and no personal data", async () => {
    const lead = sampleLead();
    const down = `smtp://127.0.0.1:${await freePort()}`;
    const settings = { ...emailOnly(), email: { ...emailOnly().email!, smtpUrl: down } };
    await alertSales(lead, new Date(), settings);

    expect(linesOf("email")).toHaveLength(1);
    const [line] = logs.events("alert.failed");
    expect(line).toMatchObject({ level: "error", channel: "email", leadId: lead.id, market: "mx", attempts: 3 });
    expect(line!.failures).toEqual(Array(3).fill(expect.stringMatching(/^SMTP .*ECONNREFUSED/)));
    expectNoPersonalData(lead);
  });

  it("abandons an SMTP server that never greets within the deadline, retries, then logs once", async () => {
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const lead = sampleLead();
    const settings = {
      ...emailOnly(),
      email: { ...emailOnly().email!, smtpUrl: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}` },
      attemptTimeoutMs: DEADLINE_MS,
      delays: [20],
    };
    await alertSales(lead, new Date(), settings);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));

    expect(sockets).toHaveLength(2);
    expect(linesOf("email")).toEqual([
      expect.objectContaining({
        event: "alert.failed",
        leadId: lead.id,
        attempts: 2,
        failures: Array(2).fill(`SMTP: no answer within ${DEADLINE_MS} ms`),
      }),
    ]);
  });

  it("does not retry a permanent refusal (an unknown recipient)", async () => {
    const lead = sampleLead();
    const settings = {
      ...emailOnly(),
      email: { ...emailOnly().email!, to: { mx: ["unknown@puente.example"], br: [], ar: [] } },
    };
    await alertSales(lead, new Date(), settings);
    expect(logs.events("alert.failed")).toEqual([
      expect.objectContaining({
        channel: "email",
        leadId: lead.id,
        attempts: 1,
        failures: [expect.stringMatching(/^SMTP .*550 at RCPT TO/)],
      }),
    ]);
    expect(mails).toEqual([]);
    expectNoPersonalData(lead);
  });

  it("without SMTP writes the email to the log, with the person's details redacted", async () => {
    const lead = sampleLead();
    await alertSales(lead, new Date("2026-11-23T21:37:00Z"), { email: null, webhook: null });
    const [line] = logs.lines;
    expect(logs.lines).toHaveLength(1);
    expect(line).toMatchObject({
      event: "alert.sent",
      sink: "local",
      channel: "email",
      leadId: lead.id,
      subject: "Nuevo lead: [redacted] · México · US$ 10,000–49,999/mes",
    });
    expect(line!.text).toContain("utm_campaign: pagos-usa");
    expect(line!.text).toContain("tel:[redacted]");
    expectNoPersonalData(lead);
    expect(logs.text()).not.toContain("Cj0KCQiA"); // the click id
  });
});

describe("the signed lead webhook", () => {
  it("posts the lead, its attribution and its id as JSON, signed so the documented snippet verifies it", async () => {
    const lead = sampleLead({ market: "br" });
    await alertSales(lead, new Date("2026-11-23T21:37:00Z"), {
      email: null,
      webhook: { url: webhookUrl, secret: SECRET },
      ...FAST,
    });

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.verified).toBe(true);
    expect(call!.headers["content-type"]).toBe("application/json");
    expect(call!.headers["x-signature"]).toMatch(/^t=\d{13},v1=[0-9a-f]{64}$/);
    const body = JSON.parse(call!.raw.toString("utf8"));
    expect(body).toEqual({
      type: "lead.created",
      id: lead.id,
      createdAt: "2026-11-23T21:37:00.000Z",
      lead: {
        id: lead.id,
        market: "br",
        page: null,
        company: lead.company,
        contactName: lead.contact,
        email: lead.email,
        phone: {
          e164: "+525512345678",
          countryCode: "52",
          national: "5512345678",
          tel: "tel:+525512345678",
          whatsapp: "https://wa.me/525512345678",
        },
        destinationCountry: "usa",
        reason: "goods",
        volume: "10000-49999",
        trackingConsent: "granted",
        privacyNoticeVersion: "2026-11-23",
        variant: "mx-china-titulo--ahorro",
        device: "phone",
        reference: null,
        promisedContactBy: null,
        arrivedOutOfHours: null,
      },
      attribution: lead.attribution,
    });
    expect(linesOf("webhook")).toEqual([
      expect.objectContaining({ event: "alert.sent", leadId: lead.id, attempts: 1 }),
    ]);

    // The snippet refuses what a receiver must refuse: another body, another secret, a stale or malformed header.
    const header = call!.headers["x-signature"]!;
    const t = Number(/t=(\d+)/.exec(header as string)![1]);
    expect(verifyLeadWebhook(SECRET, header, call!.raw.toString("utf8"), t + 1_000)).toBe(true);
    expect(verifyLeadWebhook(SECRET, header, call!.raw.toString("utf8").replace("10000-49999", "100000-plus"))).toBe(
      false,
    );
    expect(verifyLeadWebhook(`${SECRET}x`, header, call!.raw)).toBe(false);
    expect(verifyLeadWebhook(SECRET, header, call!.raw, t + 5 * 60_000 + 1)).toBe(false);
    expect(verifyLeadWebhook(SECRET, header, call!.raw, t - 5 * 60_000 - 1)).toBe(false);
    expect(verifyLeadWebhook(SECRET, undefined, call!.raw)).toBe(false);
    expect(verifyLeadWebhook(SECRET, String(header).replace(/v1=../, "v1=zz"), call!.raw)).toBe(false);
  });

  it("retries a 500 with a fresh signature each time, and reports the attempts when it gets through", async () => {
    const lead = sampleLead();
    plan = [500, 503];
    await alertSales(lead, new Date(), { ...webhookOnly(), email: null });
    expect(calls.map((c) => c.verified)).toEqual([true, true, true]);
    expect(new Set(calls.map((c) => c.headers["x-signature"])).size).toBe(3);
    expect(new Set(calls.map((c) => JSON.parse(c.raw.toString()).id))).toEqual(new Set([lead.id]));
    expect(linesOf("webhook")).toEqual([
      expect.objectContaining({
        event: "alert.sent",
        leadId: lead.id,
        attempts: 3,
        failures: ["webhook answered 500", "webhook answered 503"],
      }),
    ]);
  });

  it("gives up on a receiver that keeps answering 500: one error line with the lead id and no personal data", async () => {
    const lead = sampleLead();
    plan = [500, 500, 500, 500];
    await alertSales(lead, new Date(), { ...webhookOnly(), email: null });
    expect(calls).toHaveLength(3);
    expect(linesOf("webhook")).toEqual([
      expect.objectContaining({
        event: "alert.failed",
        level: "error",
        leadId: lead.id,
        attempts: 3,
        failures: Array(3).fill("webhook answered 500"),
      }),
    ]);
    expectNoPersonalData(lead);
  });

  it.each([401, 302])(
    "takes a %i as the receiver's final word: not retried, and a redirect not followed",
    async (status) => {
      plan = [status];
      await alertSales(sampleLead(), new Date(), { ...webhookOnly(), email: null });
      expect(calls).toHaveLength(1);
      expect(logs.events("alert.failed")).toEqual([
        expect.objectContaining({ attempts: 1, failures: [`webhook answered ${status}`] }),
      ]);
    },
  );

  it("abandons an attempt the receiver does not answer within the deadline, and retries", async () => {
    const lead = sampleLead();
    plan = ["hang"];
    const started = performance.now();
    await alertSales(lead, new Date(), { ...webhookOnly(), email: null, attemptTimeoutMs: DEADLINE_MS });
    expect(performance.now() - started).toBeGreaterThanOrEqual(DEADLINE_MS);
    expect(calls).toHaveLength(2);
    expect(linesOf("webhook")).toEqual([
      expect.objectContaining({
        event: "alert.sent",
        leadId: lead.id,
        attempts: 2,
        failures: [`webhook: no answer within ${DEADLINE_MS} ms`],
      }),
    ]);

    plan = ["hang", "hang"];
    const slow = sampleLead();
    await alertSales(slow, new Date(), { ...webhookOnly(), email: null, attemptTimeoutMs: DEADLINE_MS, delays: [20] });
    expect(logs.events("alert.failed")).toEqual([
      expect.objectContaining({ channel: "webhook", leadId: slow.id, attempts: 2 }),
    ]);
    expectNoPersonalData(slow);
  });
});

describe("what the lead was told, for sales", () => {
  it("the email and the webhook carry the reference, the promised time and whether the lead came out of hours", async () => {
    const followUp = {
      reference: "K7QXM-3P9TR",
      contactTime: "mañana, antes de las 13:00 (hora del centro de México)",
      contactBy: "2026-11-24T19:00:00.000Z",
      outOfHours: true,
      bookingUrl: null,
      whatsappUrl: null,
    };
    const lead = { ...sampleLead(), followUp };
    await alertSales(lead, new Date("2026-11-24T03:37:00Z"), { ...webhookOnly(), email: emailOnly().email });

    const { text, html } = mails[0]!.mail;
    for (const part of [text!, html as string]) {
      expect(part).toContain("K7QXM-3P9TR");
      expect(part).toMatch(/24 de noviembre de 2026.*1:00.*p\.\s?m\..*\(GMT-6\)/);
      expect(part).toContain("fuera de horario de ventas");
    }
    expect(JSON.parse(calls[0]!.raw.toString("utf8")).lead).toMatchObject({
      reference: "K7QXM-3P9TR",
      promisedContactBy: "2026-11-24T19:00:00.000Z",
      arrivedOutOfHours: true,
    });
  });
});

describe("the visitor's submission", () => {
  const SITE = "https://pagos.example";
  const post = (body: object) =>
    new Request(`${SITE}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE },
      body: JSON.stringify(body),
    });
  function memoryStore(): LeadsStore {
    const ids = new Set<string>();
    return { insert: async (lead) => (ids.has(lead.id) ? "duplicate" : (ids.add(lead.id), "stored")) };
  }
  /** handleContact wired as the route wires it, with the real alert; `alerts` are its runs, still going or done. */
  function submit(body: object, settings: AlertSettings, store: LeadsStore, alerts: Promise<void>[]) {
    return handleContact(post(body), {
      store: async () => store,
      limiter: new MemoryRateLimiter(0),
      ...openIntake(),
      report: () => {},
      // Returns the run, as a careless route could await it: the response must not wait for it anyway.
      alert: (lead) => {
        const run = alertSales(lead, new Date(), settings);
        alerts.push(run);
        return run;
      },
      consent: async () => "granted",
      siteUrl: SITE,
    });
  }

  it("is answered 201 before the alerts finish, while SMTP and the webhook are still working", async () => {
    let open!: () => void;
    smtpGate = webhookGate = new Promise<void>((resolve) => (open = resolve));
    const alerts: Promise<void>[] = [];
    let finished = false;
    const body = validContactRequest();
    const response = await submit(body, { ...webhookOnly(), email: emailOnly().email }, memoryStore(), alerts);
    void Promise.all(alerts).then(() => (finished = true));

    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    expect(alerts).toHaveLength(1);
    expect(finished).toBe(false);
    expect(logs.events("alert.sent")).toEqual([]);

    open();
    await Promise.all(alerts);
    expect(mails).toHaveLength(1);
    expect(calls).toHaveLength(1);
    expect(
      logs
        .events("alert.sent")
        .map((l) => [l.channel, l.leadId])
        .sort(),
    ).toEqual([
      ["email", body.submissionId],
      ["webhook", body.submissionId],
    ]);
  });

  it("is answered 201 whatever the alerts meet (SMTP down, webhook 500), and a retry of it alerts nobody again", async () => {
    const settings: AlertSettings = {
      ...webhookOnly(),
      email: { ...emailOnly().email!, smtpUrl: `smtp://127.0.0.1:${await freePort()}` },
    };
    plan = [500, 500, 500];
    const store = memoryStore();
    const alerts: Promise<void>[] = [];
    const body = validContactRequest();
    expect((await submit(body, settings, store, alerts)).status).toBe(201);
    expect((await submit(body, settings, store, alerts)).status).toBe(201);
    expect(alerts).toHaveLength(1);
    await Promise.all(alerts);
    expect(
      logs
        .events("alert.failed")
        .map((l) => l.channel)
        .sort(),
    ).toEqual(["email", "webhook"]);
    expect(logs.events("alert.failed").every((l) => l.leadId === body.submissionId)).toBe(true);
  });
});
