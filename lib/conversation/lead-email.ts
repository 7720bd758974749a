import "server-only";
import type { Redis } from "ioredis";
import { sendAlertEmail } from "../alerts/email-alert";
import { ALERT_ATTEMPT_TIMEOUT_MS, ALERT_RETRY_DELAYS_MS, withRetries } from "../alerts/retry";
import type { Lead } from "../contact/leads-store-contract";
import type { LandingContent } from "../content/landing-content";
import { leadEmailOff, type ServerEnv } from "../env/env";
import { log } from "../logging/logger";
import { connectRedis } from "../redis/redis-client";
import { inSpan, markActiveSpanFailed } from "../telemetry/spans";
import { bookingLink } from "./contact-links";
import { confirmationEmail } from "./confirmation-email";
import type { FollowUp } from "./next-steps";
import { memoryLimits, redisLimits, type LeadEmailLimits } from "./send-limits";

/** How the confirmation goes out: SMTP (the sales alert's server), its own sender, and the shared limits. */
export type LeadEmailSettings = {
  smtpUrl: string;
  from: string;
  limits: LeadEmailLimits;
  /** Waits between attempts and one attempt's deadline: the sales alert's unless a test shortens them. */
  delays?: readonly number[];
  attemptTimeoutMs?: number;
};

const holder = globalThis as typeof globalThis & { __leadEmailLimits?: LeadEmailLimits; __leadEmailRedis?: Redis };

/** The settings the environment gives (null: no confirmation emails); one set of limits per process. */
export function leadEmailSettings(env: ServerEnv): LeadEmailSettings | null {
  if (leadEmailOff(env)) return null;
  holder.__leadEmailLimits ??= env.REDIS_URL
    ? redisLimits((holder.__leadEmailRedis ??= connectRedis(env.REDIS_URL, "lead-email")), env.LEAD_EMAIL_PER_HOUR)
    : memoryLimits(env.LEAD_EMAIL_PER_HOUR);
  return { smtpUrl: env.SMTP_URL!, from: env.LEAD_EMAIL_FROM!, limits: holder.__leadEmailLimits };
}

type Sources = {
  /** The market's content: the email's words, the option labels and the sales address replies go to. */
  landing: LandingContent;
  siteUrl: string;
  settings: LeadEmailSettings | null;
  /** Why `settings` is null, for the log line. */
  off?: string;
  /** The address of the client that sent the lead: it may use only a share of the hourly budget. */
  client?: string;
};

/** A refusal by the recipient's server, for good (a 5xx at RCPT TO): that address is never written to again. */
const REFUSED_RECIPIENT = /\b5\d\d at RCPT TO\b/;

/**
 * Sends `lead` its confirmation: only a stored lead that passed the browser's proof gets here (the route decides).
 * Runs after the visitor's answer; never rejects and never touches the lead. One log line says how it ended, with
 * the lead's id and no personal data.
 */
export async function sendLeadConfirmation(lead: Lead, followUp: FollowUp, sources: Sources): Promise<void> {
  const fields = { leadId: lead.id, market: lead.market };
  const copy = sources.landing.followUp;
  if (!copy)
    return log.info("lead_email.skipped", "No confirmation email: the market has no follow-up content", fields);
  const privacyUrl = new URL(`/${lead.market}#privacy-notice`, sources.siteUrl).toString();
  const { settings } = sources;
  if (!settings) {
    // The email as the lead would get it, written to the log without their details (the booking link unprefilled).
    const { subject, text } = confirmationEmail({
      lead,
      followUp: { ...followUp, bookingUrl: copy.bookingUrl && bookingLink(copy.bookingUrl) },
      landing: sources.landing,
      copy,
      privacyUrl,
    });
    return log.info("lead_email.skipped", `No confirmation email (${sources.off ?? "not configured"})`, {
      ...fields,
      reason: sources.off ?? "not-configured",
      ...(sources.off === "no-smtp" && { subject, text }),
    });
  }
  const verdict = await settings.limits.take(lead.email, sources.client);
  if (!verdict.ok)
    return log.warn("lead_email.skipped", `No confirmation email: ${verdict.reason}`, {
      ...fields,
      reason: verdict.reason,
    });

  // The booking link carries the address the email goes to, never the name typed with it.
  const bookingUrl = copy.bookingUrl && bookingLink(copy.bookingUrl, { email: lead.email });
  const email = confirmationEmail({
    lead,
    followUp: { ...followUp, bookingUrl },
    landing: sources.landing,
    copy,
    privacyUrl,
  });
  const message = { from: settings.from, to: [lead.email], replyTo: sources.landing.company.email, email };
  const timeoutMs = settings.attemptTimeoutMs ?? ALERT_ATTEMPT_TIMEOUT_MS;
  await inSpan("lead_email.send", {}, async (span) => {
    const { ok, attempts, failures } = await withRetries(
      () => sendAlertEmail(settings.smtpUrl, message, timeoutMs),
      settings.delays ?? ALERT_RETRY_DELAYS_MS,
    );
    span.setAttribute("lead_email.attempts", attempts);
    const outcome = { ...fields, attempts, ...(failures.length > 0 && { failures }) };
    if (ok) return log.info("lead_email.sent", "Confirmation email sent to the lead", outcome);
    markActiveSpanFailed(failures.at(-1) ?? "failed");
    log.error("lead_email.failed", `Confirmation email not delivered after ${attempts} attempt(s)`, outcome);
    if (REFUSED_RECIPIENT.test(failures.at(-1) ?? "")) {
      await settings.limits.suppress(lead.email).catch(() => undefined);
      log.info(
        "lead_email.suppressed",
        "The lead's address was refused for good: added to the suppression list",
        fields,
      );
    }
  }).catch((error: unknown) =>
    log.error("lead_email.failed", "Confirmation email failed unexpectedly", { ...fields, err: error }),
  );
}
