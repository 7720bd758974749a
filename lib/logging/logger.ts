// The server's one logger: pino, one JSON object per line — errors on stderr, the rest on stdout (pretty-printed by
// pino-pretty in `next dev`).
// Imported by the app's bundles and, natively, by the page cache handler, so its own imports carry `.ts`.
import { isSpanContextValid, trace } from "@opentelemetry/api";
import pino, { type Logger } from "pino";
import { logLevel } from "../env/env.ts";
import { PERSONAL_KEYS as LEAD_PERSONAL_KEYS } from "../leads/lead-fields.ts";
import { currentRequest } from "./request-context.ts";

/**
 * Every event the server logs, by name: what a log platform filters and alerts on (see docs/operations.md). A new
 * kind of line gets a name here first.
 */
export type LogEvent =
  | "server.start_refused"
  | "request.completed"
  | "readiness.changed"
  | "lead.stored"
  | "lead.refused"
  | "lead.discarded"
  | "lead.store_retry"
  | "lead.store_unavailable"
  | "lead.store_failed"
  | "lead.store_open_failed"
  | "lead.store_close_failed"
  | "lead.attribution_dropped"
  | "lead.held"
  | "lead.released"
  | "proof.off"
  | "proof.shared_unavailable"
  | "proof.shared_restored"
  | "intake.summary_sent"
  | "intake.summary_failed"
  | "intake.summary_unavailable"
  | "alert.sent"
  | "alert.failed"
  | "lead_email.sent"
  | "lead_email.skipped"
  | "lead_email.failed"
  | "lead_email.suppressed"
  | "conversion.sent"
  | "conversion.skipped"
  | "conversion.withheld"
  | "conversion.failed"
  | "rate_limit.global_ceiling"
  | "rate_limit.client_off"
  | "rate_limit.global_off"
  | "shared_store.missing"
  | "rate_limit.shared_unavailable"
  | "rate_limit.shared_restored"
  | "page_cache.shared_unavailable"
  | "page_cache.shared_restored"
  | "page_cache.unshared"
  | "redis.evicts_records"
  | "redis.page_cache_not_evicting"
  | "redis.shared_by_page_cache"
  | "redis.policy_unknown"
  | "client_ip.missing"
  | "content.failed"
  | "campaign.slug_clash"
  | "experiment.refused"
  | "content.incomplete"
  | "revalidate.unconfigured"
  | "revalidate.done"
  | "page.not_found"
  | "server.exit_hook_failed"
  | "visits.dropped"
  | "visits.store_unavailable"
  | "visits.store_restored"
  | "visits.buffer_full"
  | "visits.visitors_unavailable"
  | "visits.visitors_restored"
  | "results.unavailable"
  | "google_ads.off"
  | "stage.recorded"
  | "stage.refused"
  | "stage.failed"
  | "outbox.sent"
  | "outbox.retry"
  | "outbox.refused"
  | "outbox.expired"
  | "outbox.failed"
  | "outbox.unavailable"
  | "outbox.queue_failed";

/**
 * Keys whose values are personal data or free text a visitor typed: a lead's personal fields under every name they
 * travel by (lib/leads/lead-fields.ts: the lead's, the row's, the webhook's), the click ids and URLs of its touches,
 * and the visit's own (IP address, browser, the identifiers Meta gets). Censored by pino's own redaction at the top
 * of a line's fields and inside the two objects that carry a person — a `lead` (with its attribution's touches) and a
 * conversion `payload` (with its `userData` and `customData`) — so a careless `{ lead }` still logs no person.
 * Explicit paths, not wildcards: pino's wildcard redaction copies the whole object for each path, on every line.
 */
const PERSONAL_KEYS = [
  ...LEAD_PERSONAL_KEYS,
  "ip",
  "clientIp",
  "clientIpAddress",
  "userAgent",
  "clientUserAgent",
  "fbp",
  "fbc",
  "eventSourceUrl",
  "pageUrl",
  "cookie",
  "body",
  "token",
];
const PERSON_CARRIERS = [
  "",
  "lead.",
  "lead.attribution.first.",
  "lead.attribution.last.",
  "payload.",
  "payload.userData.",
  "payload.customData.",
];
const REDACT_PATHS = PERSON_CARRIERS.flatMap((carrier) => PERSONAL_KEYS.map((key) => carrier + key));

/**
 * An error as a log line holds it: its type, message, stack and its cause's message. Never its other properties: a
 * database error's `detail` quotes the refused row ("Failing row contains (…)"), the visitor's data.
 */
function errorFields(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return { type: error.name, message: error.message, stack: error.stack, ...(cause ? { cause } : {}) };
}

/** The request's id, market and lead id, and the active trace, on every line written while serving a request. */
function contextFields() {
  const request = currentRequest();
  const span = trace.getActiveSpan()?.spanContext();
  const traced = span && isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : undefined;
  return request || traced ? { ...request, ...traced } : {};
}

type Sink = { write(line: string): void };
/** Where lines go; tests swap them (captureLogLines). */
type Sinks = { out: Sink; err: Sink };
type Holder = { logger: Logger; sinks: Sinks };

/** pino's numeric level of `error`: errors and fatal lines go to stderr, where they went before, the rest to stdout. */
const ERROR_LEVEL = 50;

function create(): Holder {
  const development = process.env.NODE_ENV === "development";
  // pino-pretty runs in pino's worker thread, as its docs advise: never in production, where lines stay JSON.
  const pretty = development
    ? pino.transport({
        target: "pino-pretty",
        options: { colorize: true, ignore: "pid,hostname", translateTime: "SYS:HH:MM:ss.l" },
      })
    : undefined;
  const sinks: Sinks = {
    out: pretty ?? pino.destination({ dest: 1, sync: false }),
    // Synchronous: an error line is written before a crash or an exit can lose it.
    err: pretty ?? pino.destination({ dest: 2, sync: true }),
  };
  // pino tells a stream that asks for metadata each line's level before writing it.
  const stream = {
    [Symbol.for("pino.metadata")]: true,
    lastLevel: 0,
    write(line: string) {
      (this.lastLevel >= ERROR_LEVEL ? sinks.err : sinks.out).write(line);
    },
  };
  const logger = pino(
    {
      level: logLevel(),
      timestamp: pino.stdTimeFunctions.isoTime,
      // Level names ("error"), which log platforms map to severity; pino-pretty reads the numbers it expects.
      formatters: development ? {} : { level: (label) => ({ level: label }) },
      mixin: contextFields,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      serializers: { err: errorFields },
    },
    stream,
  );
  return { logger, sinks };
}

// One logger per process whichever bundle loads this module (one destination, one dev worker across hot reloads).
const global = globalThis as typeof globalThis & { [key: symbol]: Holder | undefined };
const held = (global[Symbol.for("puente.logger")] ??= create());

type Fields = Record<string, unknown>;
const line =
  (level: "fatal" | "error" | "warn" | "info" | "debug") => (event: LogEvent, msg: string, fields?: Fields) =>
    held.logger[level]({ event, ...fields }, msg);

/**
 * Log an event: `log.info("lead.stored", "Lead stored", { duplicate })`. The message says what happened for a
 * person reading; it never holds personal data (fields are redacted, messages are not). Pass an error as `err`.
 */
export const log = {
  fatal: line("fatal"),
  error: line("error"),
  warn: line("warn"),
  info: line("info"),
  debug: line("debug"),
};

/** Where lines go (all levels) until the returned function is called: tests read them. */
export function captureLogLines(sink: Sink): () => void {
  const { out, err } = held.sinks;
  held.sinks.out = held.sinks.err = sink;
  return () => {
    held.sinks.out = out;
    held.sinks.err = err;
  };
}
