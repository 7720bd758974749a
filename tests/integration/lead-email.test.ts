import { execFileSync } from "node:child_process";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Lead } from "@/lib/contact/leads-store-contract";
import type { LandingContent } from "@/lib/content/landing-content";
import { readServerEnv } from "@/lib/env/env";
import { followUpFor } from "@/lib/conversation/next-steps";
import { leadEmailSettings, sendLeadConfirmation, type LeadEmailSettings } from "@/lib/conversation/lead-email";
import { memoryLimits, redisLimits, SUPPRESSION_SET, type LeadEmailLimits } from "@/lib/conversation/send-limits";
import { MARKETS, type Market } from "@/lib/markets/markets";
import { connectRedis } from "@/lib/redis/redis-client";
import { readDoc } from "../support/docs/project-docs";
import { captureLogs, type CapturedLogs } from "../support/telemetry/log-lines";
import { startRedis, type TestRedis } from "../../scripts/lib/redis-server";
import { sampleLead } from "../support/contact/sample-lead";
import { seedLandingContent } from "../support/sanity/seed-landing-content";

// The real SMTP server stand-in on loopback, and a throwaway redis-server for the limits two instances share.
const SITE = "https://pagos.example";
const FROM = "Puente Pagos <hola@puente.example>";
/** Monday 9 November 2026, 10:00 in Mexico City, 13:00 in São Paulo and Buenos Aires: within every team's hours. */
const AT = new Date("2026-11-09T16:00:00Z");

type Received = { mail: ParsedMail; rcptTo: string[] };
let smtp: SMTPServer;
let smtpUrl: string;
let mails: Received[];
let redis: TestRedis;
let logs: CapturedLogs;
const landing = {} as Record<Market, LandingContent>;
const clients: Redis[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    onRcptTo: (address, _session, callback) =>
      address.address.startsWith("bounce@")
        ? callback(Object.assign(new Error("No such user"), { responseCode: 550 }))
        : callback(),
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          mails.push({ mail, rcptTo: session.envelope.rcptTo.map((r) => r.address) });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  redis = await startRedis();
  for (const market of MARKETS) landing[market] = await seedLandingContent(market);
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await redis.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

beforeEach(() => {
  mails = [];
  logs = captureLogs();
});
afterEach(() => logs.restore());

const settings = (limits: LeadEmailLimits): LeadEmailSettings => ({
  smtpUrl,
  from: FROM,
  limits,
  delays: [20],
  attemptTimeoutMs: 5_000,
});
/** One more instance of the site: its own Redis connection, the shared counts under `prefix`. */
function instance(prefix: string, perHour = 60): LeadEmailSettings {
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  clients.push(client);
  return settings(redisLimits(client, perHour, prefix));
}
const confirm = (lead: Lead, with_: LeadEmailSettings | null, client?: string) =>
  sendLeadConfirmation(lead, followUpFor(lead, landing[lead.market].followUp, AT), {
    landing: landing[lead.market],
    siteUrl: SITE,
    settings: with_,
    client,
  });

/** The href of every link in the HTML part, as a browser or mail client reads them. */
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(+c)));
const address = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((a) => a.value.map((v) => v.address));

describe("the lead's confirmation email", () => {
  it.each(MARKETS)(
    "%s: both parts carry the reference, the contact time, the choices and every link",
    async (market) => {
      // Free text a stranger could have typed, none of which may reach the inbox.
      const lead = sampleLead({
        market,
        email: "lead@empresa.example",
        company: "Compañía Intrusa <b>gratis</b>",
        contact: "Visita http://intruso.example",
        phone: "5599887766",
        phoneE164: "+525599887766",
      });
      const followUp = followUpFor(lead, landing[market].followUp, AT);
      await confirm(lead, settings(memoryLimits(60)));

      expect(mails).toHaveLength(1);
      const { mail, rcptTo } = mails[0]!;
      const copy = landing[market].followUp!;
      const contact = landing[market].contact;
      expect(rcptTo).toEqual(["lead@empresa.example"]);
      expect(address(mail.from)).toEqual(["hola@puente.example"]);
      expect(address(mail.replyTo)).toEqual([landing[market].company.email]);
      expect(mail.subject).toContain(followUp.reference);
      expect(mail.html).toMatch(new RegExp(`<html lang="${landing[market].locale}"`));
      const privacy = `${SITE}/${market}#privacy-notice`;
      const booking = new URL(copy.bookingUrl!);
      booking.searchParams.set("email", "lead@empresa.example");
      for (const part of [mail.text!, mail.html as string]) {
        expect(part).toContain(followUp.reference);
        expect(part).toContain(followUp.contactTime!);
        expect(part).toContain(contact.countryOptions.find((o) => o.value === lead.country)!.label);
        expect(part).toContain(contact.reasonOptions.find((o) => o.value === lead.reason)!.label);
        expect(part).toContain(contact.volumeOptions.find((o) => o.value === lead.volume)!.label);
        for (const typed of ["Intrus", "intruso", "gratis", "5599887766", "Visita"]) expect(part).not.toContain(typed);
      }
      expect(mail.text).toContain(`${copy.bookingLabel}: ${booking}`);
      expect(mail.text).toContain(`${copy.whatsappLabel}: ${followUp.whatsappUrl}`);
      expect(mail.text).toContain(privacy);
      expect(hrefs(mail.html as string)).toEqual([booking.toString(), followUp.whatsappUrl, privacy]);
      // Nothing to load: no image, no tracking pixel, no script.
      expect(mail.html).not.toMatch(/<img|<script|src=/i);
      expect(logs.events("lead_email.sent")).toMatchObject([{ leadId: lead.id, market }]);
      expect(logs.text()).not.toContain("lead@empresa.example");
    },
  );

  it("at most three a day to one address, counted across two instances sharing Redis", async () => {
    const [a, b] = [instance("day-test"), instance("day-test")];
    for (const via of [a, b, a, b, a]) await confirm(sampleLead({ email: "Repetido@Empresa.example" }), via);
    expect(mails).toHaveLength(3);
    expect(logs.events("lead_email.skipped").map((l) => l.reason)).toEqual(["address-limit", "address-limit"]);
  });

  it("at most three a day to one mailbox however it is spelled, across two instances and a restart", async () => {
    const spellings = [
      "target@gmail.com",
      "target+1@gmail.com",
      "t.arget@gmail.com",
      "Target+2@GoogleMail.com",
      "T.A.R.G.E.T@GMAIL.COM",
    ];
    const [a, b] = [instance("mailbox-test"), instance("mailbox-test")];
    await confirm(sampleLead({ email: spellings[0] }), a);
    await confirm(sampleLead({ email: spellings[1] }), b);
    // A restart: a new process, a new connection, the same Redis.
    const restarted = instance("mailbox-test");
    for (const email of spellings.slice(2)) await confirm(sampleLead({ email }), restarted);
    expect(mails).toHaveLength(3);
    expect(logs.events("lead_email.skipped").map((l) => l.reason)).toEqual(["address-limit", "address-limit"]);
    // The same rule on a business domain: plus-addressing and the domain's case.
    for (const email of [
      "ventas@empresa.example",
      "ventas+a@EMPRESA.example",
      "Ventas+b@empresa.example",
      "ventas+c@empresa.example",
    ])
      await confirm(sampleLead({ email }), a);
    expect(mails).toHaveLength(6);
  });

  it("one client may use only a share of the hourly budget: another client's lead still gets its email", async () => {
    // 20 an hour for the site: one client gets 2 of them, whatever mailboxes its leads name.
    const [a, b] = [instance("client-test", 20), instance("client-test", 20)];
    for (let i = 0; i < 25; i++)
      await confirm(sampleLead({ email: `lead${i}@empresa${i}.example` }), i % 2 ? a : b, "198.51.100.7");
    expect(mails).toHaveLength(2);
    // An IPv6 client rotating through its /64 is one client; through its /48, one network.
    for (let i = 0; i < 6; i++)
      await confirm(sampleLead({ email: `v6-${i}@empresa.example` }), a, `2001:db8:1:${i}::${i + 1}`);
    expect(mails).toHaveLength(4);
    await confirm(sampleLead({ email: "cliente@real.example" }), b, "203.0.113.20");
    expect(mails.at(-1)!.rcptTo).toEqual(["cliente@real.example"]);
    expect(new Set(logs.events("lead_email.skipped").map((l) => l.reason))).toEqual(new Set(["client-limit"]));
  });

  it("the first email after a start waits for the shared store's connection instead of skipping", async () => {
    // As the server opens it: no offline queue, so a command sent before the connection is up fails at once.
    const client = connectRedis(redis.url, "lead-email-test");
    clients.push(client);
    await confirm(sampleLead({ email: "primero@empresa.example" }), settings(redisLimits(client, 60, "ready-test")));
    expect(logs.events("lead_email.skipped")).toEqual([]);
    expect(mails.map((m) => m.rcptTo)).toEqual([["primero@empresa.example"]]);
  });

  it("a ceiling per hour for the whole site, shared by the instances", async () => {
    const [a, b] = [instance("hour-test", 4), instance("hour-test", 4)];
    for (let i = 0; i < 6; i++)
      await confirm(sampleLead({ email: `lead${i}@empresa.example` }), i % 2 ? a : b, `198.51.100.${i + 1}`);
    expect(mails).toHaveLength(4);
    expect(logs.events("lead_email.skipped").map((l) => l.reason)).toEqual(["hourly-limit", "hourly-limit"]);
    // An address refused by the ceiling kept its own allowance: the next hour it may still get its three.
  });

  it("an address refused for good is never written to again, by any instance", async () => {
    const [a, b] = [instance("bounce-test"), instance("bounce-test")];
    await confirm(sampleLead({ email: "bounce@empresa.example" }), a);
    expect(logs.events("lead_email.suppressed")).toHaveLength(1);
    logs.restore();
    logs = captureLogs();
    await confirm(sampleLead({ email: "Bounce@Empresa.example" }), b);
    await confirm(sampleLead({ email: "bounce+otra@EMPRESA.example" }), a);
    expect(logs.events("lead_email.skipped").map((l) => l.reason)).toEqual(["suppressed", "suppressed"]);
    expect(mails).toEqual([]);
  });

  it("an operator suppresses an address with the command of docs/operations.md", async () => {
    const doc = readDoc("docs/operations.md");
    const command = doc.fences.find((f) => f.content.includes(`SADD ${SUPPRESSION_SET}`));
    if (!command) throw new Error("docs/operations.md lost its suppression command");
    execFileSync("bash", ["-c", command.content], {
      // As production writes it (docs/deploy.md): with the user name, which redis-cli needs.
      env: { ...process.env, ADDRESS: "Quejoso@Empresa.example", REDIS_URL: redis.url.replace("//:", "//default:") },
      stdio: "pipe",
    });
    const client = new Redis(redis.url);
    clients.push(client);
    const instanceWithDefaultSet = settings(redisLimits(client, 60));
    await confirm(sampleLead({ email: "quejoso@empresa.example" }), instanceWithDefaultSet);
    await confirm(sampleLead({ email: "Quejoso+otra@empresa.EXAMPLE" }), instanceWithDefaultSet);
    expect(mails).toEqual([]);
    expect(logs.events("lead_email.skipped").map((l) => l.reason)).toEqual(["suppressed", "suppressed"]);
  });

  it("none without the browser's proof (CONTACT_PROOF=off) and none without a sender", async () => {
    const env = { SMTP_URL: smtpUrl, SALES_EMAIL_FROM: FROM, SALES_EMAIL_TO: "ventas@puente.example" };
    expect(leadEmailSettings(readServerEnv({ ...env, LEAD_EMAIL_FROM: FROM, CONTACT_PROOF: "off" }))).toBeNull();
    expect(leadEmailSettings(readServerEnv(env))).toBeNull();
    await confirm(sampleLead(), null);
    expect(mails).toEqual([]);
    expect(leadEmailSettings(readServerEnv({ ...env, LEAD_EMAIL_FROM: FROM }))).not.toBeNull();
  });
});
