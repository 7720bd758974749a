import "server-only";
import type { Lead } from "../contact/leads-store-contract";
import type { HeldReason } from "../contact/held-reasons";
import { sharedRedis } from "../contact/rate-limiter";
import { serverEnv } from "../env/server-env";
import { log } from "../logging/logger";
import { MARKETS, MARKET_BY_CODE, type Language, type Market } from "../markets/markets";
import { sendAlertEmail } from "./email-alert";
import { leadWebhookBody, postSignedJson } from "./lead-webhook";
import { ALERT_ATTEMPT_TIMEOUT_MS, ALERT_RETRY_DELAYS_MS, withRetries } from "./retry";
import { alertSettings, type AlertSettings } from "./sales-alerts";
import { salesEmail, volumeLabel } from "./sales-email";
import {
  MemorySummaryBook,
  RedisSummaryBook,
  SUMMARY_INTERVAL_MS,
  summaryEntry,
  type DueSummary,
  type SummaryBook,
} from "./intake-summary-book";

/**
 * The summary sales gets instead of one alert per lead, for leads that arrived above the global ceiling (in full) and
 * for held leads (the digest: how many, and each with company and volume). Sent by the first contact request (a
 * submission or a challenge) after each interval ends, so it needs no timer and works on instances that keep none.
 */

const holder = globalThis as typeof globalThis & { __summaryBook?: SummaryBook };

/** The shared book when Redis is configured, else this process's. */
export function getSummaryBook(): SummaryBook {
  const env = serverEnv();
  return (holder.__summaryBook ??= env.REDIS_URL
    ? new RedisSummaryBook(sharedRedis(env.REDIS_URL))
    : new MemorySummaryBook());
}

/** Keeps a stored held lead for the next summary (never rejects: a failure is logged, the lead is stored). */
export async function recordHeldLead(
  lead: Lead & { held: HeldReason },
  receivedAt: Date,
  book = getSummaryBook(),
): Promise<void> {
  try {
    await book.add(summaryEntry(lead, receivedAt), receivedAt.getTime());
    log.info("lead.held", "Lead held: no alert of its own, it goes in the next summary to sales", {
      leadId: lead.id,
      held: lead.held,
    });
  } catch (error) {
    log.error("intake.summary_unavailable", "A held lead could not be added to the summary (it is stored)", {
      leadId: lead.id,
      held: lead.held,
      reason: error instanceof Error ? error.message : String(error),
    });
  }
}

const COPY = {
  es: {
    subject: (n: number, held: number) => `Resumen de leads: ${n} sobre el límite, ${held} retenidos`,
    over: "Leads recibidos por encima del límite global (sin alerta individual ni conversión):",
    held: "Leads retenidos (sin prueba de trabajo válida; ver docs/leads.md para liberarlos):",
    more: (n: number) => `… y ${n} más.`,
  },
  pt: {
    subject: (n: number, held: number) => `Resumo de leads: ${n} acima do limite, ${held} retidos`,
    over: "Leads recebidos acima do limite global (sem alerta individual nem conversão):",
    held: "Leads retidos (sem prova de trabalho válida; veja docs/leads.md para liberá-los):",
    more: (n: number) => `… e mais ${n}.`,
  },
} as const satisfies Record<Language, unknown>;

/** The email of one interval for one market's sales team (plain text; the over-ceiling leads as their alerts read). */
export function summaryEmail(summary: DueSummary, market: Market) {
  const copy = COPY[MARKET_BY_CODE[market].language];
  const entries = summary.entries.filter((e) => e.market === market);
  const over = entries.filter((e) => e.held === "over_ceiling");
  const held = entries.filter((e) => e.held !== "over_ceiling");
  const from = new Date(summary.start).toISOString().slice(0, 16).replace("T", " ");
  const to = new Date(summary.start + SUMMARY_INTERVAL_MS).toISOString().slice(11, 16);
  const subject = `${copy.subject(over.length, held.length)} (${from}–${to} UTC)`;
  const listed = summary.entries.length;
  const total = Object.values(summary.counts).reduce((a, b) => a + (b ?? 0), 0);
  const text = [
    subject,
    ...(over.length > 0
      ? ["", copy.over, ...over.map((e) => `\n${salesEmail(e.lead!, new Date(e.receivedAt)).text}`)]
      : []),
    ...(held.length > 0
      ? ["", copy.held, ...held.map((e) => `- ${e.company} · ${volumeLabel(e.volume, market)} · ${e.held} · ${e.id}`)]
      : []),
    ...(total > listed ? ["", copy.more(total - listed)] : []),
    "",
  ].join("\n");
  return { subject, text, html: `<pre style="font-family:inherit;white-space:pre-wrap">${escape(text)}</pre>` };
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The webhook's summary: the over-ceiling leads as `lead.created` bodies carry them, and the held ones in brief. */
export function summaryWebhookBody(summary: DueSummary) {
  return {
    type: "leads.summary",
    id: `summary-${summary.start}`,
    from: new Date(summary.start).toISOString(),
    to: new Date(summary.start + SUMMARY_INTERVAL_MS).toISOString(),
    counts: summary.counts,
    leads: summary.entries.flatMap((e) => (e.lead ? [leadWebhookBody(e.lead, new Date(e.receivedAt))] : [])),
    held: summary.entries.flatMap(({ id, market, company, volume, held, receivedAt }) =>
      held === "over_ceiling" ? [] : [{ id, market, company, volume, reason: held, receivedAt }],
    ),
  };
}

/** Sends every ended interval's summary (email per market, one webhook call); never rejects. */
export async function sendDueSummaries(
  book: SummaryBook = getSummaryBook(),
  settings: AlertSettings = alertSettings(serverEnv()),
  now = Date.now(),
): Promise<void> {
  let due: DueSummary[];
  try {
    due = await book.takeDue(now);
  } catch (error) {
    return log.error("intake.summary_unavailable", "The summaries due could not be read; they stay for the next try", {
      reason: error instanceof Error ? error.message : String(error),
    });
  }
  const timeoutMs = settings.attemptTimeoutMs ?? ALERT_ATTEMPT_TIMEOUT_MS;
  const delays = settings.delays ?? ALERT_RETRY_DELAYS_MS;
  for (const summary of due) {
    const fields = { from: new Date(summary.start).toISOString(), counts: summary.counts };
    const sends: Promise<{ channel: string; ok: boolean; failures: string[] }>[] = [];
    const { email, webhook } = settings;
    for (const market of MARKETS.filter((m) => summary.entries.some((e) => e.market === m))) {
      if (!email) continue;
      const message = {
        from: email.from,
        to: email.to[market],
        replyTo: email.from,
        email: summaryEmail(summary, market),
      };
      sends.push(
        withRetries(() => sendAlertEmail(email.smtpUrl, message, timeoutMs), delays).then((d) => ({
          channel: "email",
          ...d,
        })),
      );
    }
    if (webhook)
      sends.push(
        withRetries(
          () => postSignedJson(webhook.url, webhook.secret, summaryWebhookBody(summary), timeoutMs),
          delays,
        ).then((d) => ({ channel: "webhook", ...d })),
      );
    if (!email)
      log.info("intake.summary_sent", "Summary written to the log (no SMTP_URL: a local sink)", {
        sink: "local",
        ...fields,
      });
    for (const { channel, ok, failures } of await Promise.all(sends)) {
      if (ok) log.info("intake.summary_sent", `Summary sent by ${channel}`, { channel, ...fields });
      else
        log.error("intake.summary_failed", `Summary by ${channel} not delivered: ${failures.at(-1)}`, {
          channel,
          ...fields,
        });
    }
  }
}
