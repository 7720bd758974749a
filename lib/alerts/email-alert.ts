import nodemailer, { type Transporter } from "nodemailer";
import type { Attempt } from "./retry";
import type { SalesEmail } from "./sales-email";

/** Deadlines of one SMTP attempt: connecting, the server's greeting, and silence on the connection. */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

// One transport per SMTP URL and process; each send opens its own connection (no pool: leads arrive minutes apart).
const transports = new Map<string, Transporter>();
const transportFor = (smtpUrl: string) => {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    transports.set(smtpUrl, transport);
  }
  return transport;
};

/**
 * Sends the alert over SMTP (nodemailer: STARTTLS when an smtp:// server offers it, TLS from the start for smtps://).
 * A permanent refusal (5xx other than 503, e.g. a recipient the server does not know or a wrong password) is not
 * retried; a connection failure, a timeout or a temporary refusal (4xx) is. The reason names the SMTP stage and code,
 * never the server's text, which may quote addresses.
 */
export async function sendAlertEmail(smtpUrl: string, message: { from: string; to: string[]; replyTo: string; email: SalesEmail }): Promise<Attempt> {
  try {
    await transportFor(smtpUrl).sendMail({
      from: message.from,
      to: message.to,
      replyTo: message.replyTo,
      subject: message.email.subject,
      text: message.email.text,
      html: message.email.html,
    });
    return { ok: true };
  } catch (error) {
    const e = error as { code?: string; responseCode?: number; command?: string; permanent?: boolean };
    const reason = [e.code, e.responseCode, e.command && `at ${e.command}`].filter(Boolean).join(" ") || "SMTP failure";
    return { ok: false, retry: e.permanent !== true, reason: `SMTP ${reason}` };
  }
}
