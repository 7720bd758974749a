// Sales' stages and Google's conversions on the standalone production server, over plain HTTP: the CRM endpoint's
// authentication, the sales email's stage links, and the Lead conversion a lead with a Google click queues for Google
// (at a local stand-in for Google's token endpoint and Data Manager API). Leads are stored through the Supabase
// stand-in, whose database the test reads.
import { createHmac, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { consentCookieName } from "@/lib/consent/consent-cookie";
import { seedNoticeVersion } from "../support/browser/consent-answer";
import { validContactRequest } from "../support/contact/contact-request";
import { E2E_PORTS } from "../../scripts/lib/e2e-hosts";
import { E2E_SECRETS } from "../../scripts/lib/e2e-secrets";
import { startFakeGoogleAds, type FakeGoogleAds } from "../support/google/fake-google-ads";
import { FAKE_SERVICE_ROLE_KEY, startFakeSupabase, type FakeSupabase } from "../support/supabase/fake-supabase";
import { copyStandalone, startStandalone, type StandaloneServer } from "../../scripts/lib/standalone-server";

const CLIENT_EMAIL = "uploader@puente-ads.iam.gserviceaccount.com";
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

let work: string;
let supabase: FakeSupabase;
let google: FakeGoogleAds;
let smtp: SMTPServer;
let server: StandaloneServer;
const emails: { subject: string; text: string }[] = [];

vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "lead-stages-"));
  supabase = await startFakeSupabase(0, { signingSecret: E2E_SECRETS.CONVERSION_SIGNING_SECRET });
  google = await startFakeGoogleAds({ serviceAccount: { clientEmail: CLIENT_EMAIL, publicKey } });
  smtp = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => (emails.push({ subject: mail.subject ?? "", text: mail.text ?? "" }), callback()))
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  copyStandalone(join(work, "site"));
  server = await startStandalone(
    join(work, "site"),
    E2E_PORTS.leadStages,
    {
      SUPABASE_URL: supabase.url,
      SUPABASE_ANON_KEY: "lead-stages-anon-key",
      SUPABASE_SECRET_KEY: FAKE_SERVICE_ROLE_KEY,
      CONVERSION_SIGNING_SECRET: E2E_SECRETS.CONVERSION_SIGNING_SECRET,
      CLIENT_IP_HEADER: "x-real-ip",
      FORWARDED_HOST_HEADER: "host",
      // What is tested is what happens after a lead is stored, as for a lead that passed the proof.
      CONTACT_PROOF: "off",
      LEAD_STAGE_SECRET: E2E_SECRETS.LEAD_STAGE_SECRET,
      LEAD_STAGE_TOKEN: E2E_SECRETS.LEAD_STAGE_TOKEN,
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      SALES_EMAIL_FROM: "alertas@puente.example",
      SALES_EMAIL_TO: "ventas@puente.example",
      GOOGLE_ADS_OPERATING_ACCOUNT: "123-456-7890",
      GOOGLE_ADS_CONVERSION_ACTIONS: "lead=111,qualified=222,customer=333",
      GOOGLE_ADS_CREDENTIALS: JSON.stringify({
        type: "service_account",
        client_email: CLIENT_EMAIL,
        private_key_id: "key-1",
        private_key: privateKey.export({ type: "pkcs8", format: "pem" }),
        token_uri: google.tokenUrl,
      }),
      GOOGLE_DATA_MANAGER_URL: google.url,
    },
    "/api/health",
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await google?.close();
  smtp?.close();
  await supabase?.close().catch(() => undefined);
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A lead sent through the contact route as the form sends it, with the visitor's answer to the banner. */
async function postLead(overrides: Record<string, unknown>, consent?: "granted" | "denied", ip = "203.0.113.80") {
  const version = seedNoticeVersion("mx");
  const body = validContactRequest({ noticeVersion: version, ...overrides });
  const response = await fetch(`${server.origin}/api/contact`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: server.origin,
      "x-real-ip": ip,
      ...(consent && { cookie: `${consentCookieName("mx")}=${consent}.${version}` }),
    },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  const { reference } = (await response.json()) as { reference: string };
  return { id: body.submissionId, reference, company: body.company as string };
}

const stages = async (leadId: string) =>
  (
    await supabase.db.query<{ stage: string; source: string }>(
      "select stage, source from public.lead_stages where lead_id = $1 order by id",
      [leadId],
    )
  ).rows;

const signature = (secret: string, body: string, t = Date.now()) =>
  `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;

const postStage = (body: string, headers: Record<string, string>) =>
  fetch(`${server.origin}/api/leads/stage`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });

test("the sales email's stage links open the lead's page, and opening one records nothing", async () => {
  const lead = await postLead({ company: `Enlaces ${Date.now()}` });
  await expect.poll(() => emails.find((e) => e.subject.includes(lead.company)), { timeout: 20_000 }).toBeDefined();
  const email = emails.find((e) => e.subject.includes(lead.company))!;
  const qualify = /^Calificado: (\S+)$/m.exec(email.text)?.[1];
  expect(qualify).toMatch(/\/lead-stage\/mx\?t=[\w-]{75}$/);
  const url = new URL(qualify!);
  const page = await fetch(`${server.origin}${url.pathname}${url.search}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(lead.reference);
  expect(html).toContain(lead.company);
  expect(html).toContain("¿Marcar este lead como calificado?");
  expect(await stages(lead.id)).toEqual([]);
});

test("the CRM endpoint refuses a bad signature, a stale one, a replay and a wrong token with 401, and records a good one", async () => {
  const lead = await postLead({ company: `CRM ${Date.now()}` }, undefined, "203.0.113.81");
  const body = JSON.stringify({ reference: lead.reference, stage: "qualified" });
  const secret = E2E_SECRETS.LEAD_STAGE_SECRET;

  const refused = [
    await postStage(body, { "x-signature": signature("another-secret-0123456789abcdef0123", body) }),
    await postStage(body, { "x-signature": signature(secret, body, Date.now() - 6 * 60_000) }),
    // Signed for another body: a stage changed on the way.
    await postStage(body, { "x-signature": signature(secret, body.replace("qualified", "customer")) }),
    await postStage(body, { authorization: "Bearer e2e-lead-stage-token-0123456789abcdeX" }),
    await postStage(body, {}),
  ];
  expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
  expect(await stages(lead.id)).toEqual([]);

  const signed = signature(secret, body);
  const accepted = await postStage(body, { "x-signature": signed });
  expect(accepted.status).toBe(201);
  expect(await accepted.json()).toMatchObject({
    outcome: "recorded",
    lead: { id: lead.id, reference: lead.reference, market: "mx" },
    stage: { stage: "qualified" },
  });
  // The same signed request again, within its five minutes: a replay.
  const replay = await postStage(body, { "x-signature": signed });
  expect(replay.status).toBe(401);

  const customer = JSON.stringify({ leadId: lead.id, stage: "customer" });
  const byToken = await postStage(customer, { authorization: `Bearer ${E2E_SECRETS.LEAD_STAGE_TOKEN}` });
  expect(byToken.status).toBe(201);
  expect(await stages(lead.id)).toEqual([
    { stage: "qualified", source: "crm" },
    { stage: "customer", source: "crm" },
  ]);
});

test("a lead with a gclid and consent granted queues Google's Lead conversion; with consent denied, nothing", async () => {
  const attribution = (gclid: string) => ({
    last: { utm_source: "google", utm_medium: "cpc", gclid, at: new Date().toISOString() },
  });
  // The denied lead first: by the time the granted one reaches Google, the denied one's turn has long passed.
  const denied = await postLead({ attribution: attribution("Cj0KCQiA-denied") }, "denied", "203.0.113.82");
  const granted = await postLead({ attribution: attribution("Cj0KCQiA-granted") }, "granted", "203.0.113.83");

  const events = () => google.ingests().flatMap((ingest) => ingest.body.events);
  await expect
    .poll(() => events().find((e) => e.transactionId === granted.reference), { timeout: 20_000 })
    .toMatchObject({
      adIdentifiers: { gclid: "Cj0KCQiA-granted" },
      consent: { adUserData: "CONSENT_GRANTED", adPersonalization: "CONSENT_GRANTED" },
    });
  const uploads = async (leadId: string) =>
    (
      await supabase.db.query<{ platform: string; stage: string; status: string }>(
        "select platform, stage, status from public.conversion_uploads where lead_id = $1",
        [leadId],
      )
    ).rows;
  await expect.poll(() => uploads(granted.id)).toEqual([{ platform: "google", stage: "lead", status: "sent" }]);

  expect(await uploads(denied.id)).toEqual([]);
  expect(events().filter((e) => e.transactionId === denied.reference)).toEqual([]);
  const [row] = (
    await supabase.db.query<{ tracking_consent: string }>(
      "select tracking_consent from public.contact_submissions where id = $1",
      [denied.id],
    )
  ).rows;
  expect(row?.tracking_consent).toBe("denied");
});
