import "server-only";
import { dropClickIds } from "../attribution/campaign-touch";
import type { Lead } from "../contact/leads-store-contract";
import { salesRecipients, type ServerEnv } from "../env/env";
import { serverEnv } from "../env/server-env";
import { PERSONAL_FIELD_NAMES } from "../leads/lead-fields";
import { log } from "../logging/logger";
import { MARKETS, type Market } from "../markets/markets";
import { inSpan, markActiveSpanFailed } from "../telemetry/spans";
import { sendAlertEmail } from "./email-alert";
import { postLeadWebhook } from "./lead-webhook";
import { ALERT_ATTEMPT_TIMEOUT_MS, ALERT_RETRY_DELAYS_MS, withRetries, type Attempt } from "./retry";
import { salesEmail, type AlertedLead, type StageLinks } from "./sales-email";
import { STAGE_PAGE_PATH, stageLinkUrl } from "../stages/stage-link";
import { STAGES } from "../stages/stages";

/** Where the alerts of a new lead go; without an SMTP server the email is written to the log instead (a local sink). */
export type AlertSettings = {
  email: { smtpUrl: string; from: string; to: Record<Market, string[]> } | null;
  /** Signs the email's stage links (LEAD_STAGE_SECRET) on the site's origin; none: the email has no stage buttons. */
  stageLinks?: { siteUrl: string; secret: string } | null;
  webhook: { url: string; secret: string } | null;
  /** Waits between attempts (the last one's failure is final); default ALERT_RETRY_DELAYS_MS. Tests shorten them. */
  delays?: readonly number[];
  /** One attempt's deadline; default ALERT_ATTEMPT_TIMEOUT_MS. */
  attemptTimeoutMs?: number;
};

/** The settings the environment gives (checked at start: a half-configured alert never gets here). */
export function alertSettings(env: ServerEnv): AlertSettings {
  const email =
    env.SMTP_URL && env.SALES_EMAIL_FROM
      ? {
          smtpUrl: env.SMTP_URL,
          from: env.SALES_EMAIL_FROM,
          to: Object.fromEntries(MARKETS.map((m) => [m, salesRecipients(env, m)])) as Record<Market, string[]>,
        }
      : null;
  const webhook =
    env.LEAD_WEBHOOK_URL && env.LEAD_WEBHOOK_SECRET
      ? { url: env.LEAD_WEBHOOK_URL, secret: env.LEAD_WEBHOOK_SECRET }
      : null;
  const stageLinks = env.LEAD_STAGE_SECRET
    ? { siteUrl: env.NEXT_PUBLIC_SITE_URL, secret: env.LEAD_STAGE_SECRET }
    : null;
  return { email, webhook, stageLinks };
}

/** The lead's signed stage links, or placeholders that show where they go (the local sink logs no token). */
function linksFor(lead: Lead, settings: AlertSettings["stageLinks"], placeholders = false): StageLinks | undefined {
  if (!settings) return undefined;
  return Object.fromEntries(
    STAGES.map((stage) => [
      stage,
      placeholders
        ? `${new URL(settings.siteUrl).origin}${STAGE_PAGE_PATH}/${lead.market}?t=[signed link]`
        : stageLinkUrl(settings.siteUrl, settings.secret, { leadId: lead.id, stage, market: lead.market }),
    ]),
  ) as StageLinks;
}

type Channel = "email" | "webhook";

/**
 * One channel, in its own span: attempts with retries, then one line saying how it ended — the lead's id, the
 * attempts and why each failed — never the person's data.
 */
function deliver(
  channel: Channel,
  lead: Lead,
  settings: AlertSettings,
  attempt: (timeoutMs: number) => Promise<Attempt>,
): Promise<void> {
  const timeoutMs = settings.attemptTimeoutMs ?? ALERT_ATTEMPT_TIMEOUT_MS;
  return inSpan("alert.send", { "alert.channel": channel }, async (span) => {
    const { ok, attempts, failures } = await withRetries(
      () => attempt(timeoutMs),
      settings.delays ?? ALERT_RETRY_DELAYS_MS,
    );
    span.setAttribute("alert.attempts", attempts);
    const fields = {
      channel,
      leadId: lead.id,
      market: lead.market,
      attempts,
      ...(failures.length > 0 && { failures }),
    };
    if (ok) return log.info("alert.sent", `Sales alert sent by ${channel}`, fields);
    markActiveSpanFailed(`${channel}: ${failures.at(-1)}`);
    log.error(
      "alert.failed",
      `Sales alert by ${channel} not delivered after ${attempts} attempt(s): ${failures.at(-1)}`,
      fields,
    );
  });
}

/**
 * What the local sink writes: the real email, rendered for a lead whose personal details (and click ids) are
 * replaced by "[redacted]", so a developer sees what sales would get and the log holds nobody's data.
 */
function redactedEmail(lead: AlertedLead, receivedAt: Date, stageLinks: AlertSettings["stageLinks"]) {
  const hidden = Object.fromEntries(PERSONAL_FIELD_NAMES.map((name) => [name, "[redacted]"]));
  const { subject, text } = salesEmail(
    { ...lead, ...hidden, attribution: dropClickIds(lead.attribution) },
    receivedAt,
    linksFor(lead, stageLinks, true),
  );
  return { subject, text };
}

/**
 * Tells sales about a newly stored lead: an email to the market's recipients and the signed webhook, side by side,
 * each retried on its own. Runs after the visitor's answer (the route schedules it with `after()`), so nothing here
 * can delay or fail a submission; each channel ends in one log line carrying the lead's id. Never rejects.
 */
export async function alertSales(
  lead: AlertedLead,
  receivedAt: Date,
  settings: AlertSettings = alertSettings(serverEnv()),
): Promise<void> {
  const { email, webhook } = settings;
  const channels: Promise<void>[] = [];
  if (email) {
    const message = {
      from: email.from,
      to: email.to[lead.market],
      replyTo: lead.email,
      email: salesEmail(lead, receivedAt, linksFor(lead, settings.stageLinks)),
    };
    channels.push(deliver("email", lead, settings, (timeoutMs) => sendAlertEmail(email.smtpUrl, message, timeoutMs)));
  } else {
    const sink = redactedEmail(lead, receivedAt, settings.stageLinks);
    log.info("alert.sent", "Sales alert written to the log (no SMTP_URL: a local sink)", {
      channel: "email",
      sink: "local",
      leadId: lead.id,
      market: lead.market,
      ...sink,
    });
  }
  if (webhook)
    channels.push(
      deliver("webhook", lead, settings, (timeoutMs) =>
        postLeadWebhook(webhook.url, webhook.secret, lead, receivedAt, timeoutMs),
      ),
    );
  await Promise.allSettled(channels);
}
