import { constants } from "node:os";

/**
 * How long a stopping server waits for its connections before it ends anyway. On SIGTERM or SIGINT Next stops
 * listening and exits once every connection has closed, but to Node a connection that has not sent a request yet
 * (a browser's preconnect, an open tab's spare socket) is not idle, so one visitor kept the process running until
 * the platform killed it (Docker does after 10 s) without closing the embedded database. Longer than a lead's
 * slowest path (SUPABASE_TIMEOUT_MS, 5 s by default), shorter than Docker's 10 s.
 */
export const SHUTDOWN_DEADLINE_MS = 8_000;

/**
 * Ends the process SHUTDOWN_DEADLINE_MS after a stop signal, through process.exit, which the embedded store holds
 * until its database has closed. Registered before anything else listens for the signals.
 */
export function endAfterShutdownDeadline(): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      setTimeout(() => process.exit(128 + constants.signals[signal]), SHUTDOWN_DEADLINE_MS).unref();
    });
  }
}
