import nodemailer, { type Transporter } from "nodemailer";
import { isLoopbackHost } from "../env/env";
import type { Attempt } from "./retry";
import type { SalesEmail } from "./sales-email";

// One transport per SMTP URL and process; each send opens its own connection (no pool: leads arrive minutes apart).
const transports = new Map<string, Transporter>();
function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    const { protocol, hostname } = new URL(smtpUrl);
    // A lead's contact details never cross a network in clear text: smtp:// must upgrade with STARTTLS (a server that
    // does not offer it fails the attempt), except to a relay on this machine. smtps:// is TLS from the start.
    transport = nodemailer.createTransport({
      url: smtpUrl,
      requireTLS: protocol === "smtp:" && !isLoopbackHost(hostname),
    });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

export type AlertMessage = { from: string; to: string[]; replyTo: string; email: SalesEmail };

/**
 * Sends the alert over SMTP within `timeoutMs` (connecting, TLS, login and the message together). A permanent
 * refusal (a 5xx reply: a recipient the server does not know, a wrong password) is not retried; a connection
 * failure, a timeout or a temporary refusal (4xx) is. The reason names the failure's code and SMTP stage, never the
 * server's text, which may quote addresses.
 */
export async function sendAlertEmail(smtpUrl: string, message: AlertMessage, timeoutMs: number): Promise<Attempt> {
  try {
    await transportFor(smtpUrl).sendMail({
      from: message.from,
      to: message.to,
      replyTo: message.replyTo,
      subject: message.email.subject,
      text: message.email.text,
      html: message.email.html,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { ok: true };
  } catch (error) {
    const e = error as {
      code?: string;
      responseCode?: number;
      command?: string;
      permanent?: boolean;
      originalCode?: string;
    };
    if (e.code === "EABORT") return { ok: false, retry: true, reason: `SMTP: no answer within ${timeoutMs} ms` };
    const reason =
      [e.code, e.originalCode, e.responseCode, e.command && `at ${e.command}`].filter(Boolean).join(" ") || "failure";
    return { ok: false, retry: e.permanent !== true, reason: `SMTP ${reason}` };
  }
}
