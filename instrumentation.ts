/**
 * Runs once when a server process starts. A server whose environment is invalid, or a production server missing
 * what it needs to run safely, stops here; otherwise a stop signal ends it within a deadline, traces are exported when
 * an OTLP endpoint is configured, the rate limiter's store is connected (and how each Redis frees memory checked) and
 * the leads store opened, so the first visitor to submit doesn't wait for them.
 */
export async function register() {
  // The positive test on NEXT_RUNTIME lets the Edge build drop this Node-only code.
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { exitUnlessSafeToStart } = await import("./lib/env/check-at-start");
    exitUnlessSafeToStart();
    const { endAfterShutdownDeadline } = await import("./lib/health/shutdown-deadline");
    endAfterShutdownDeadline();
    const { readServerEnv, tracingEnabled } = await import("./lib/env/env");
    const env = readServerEnv();
    // Without an endpoint the SDK is never loaded: every span stays the OpenTelemetry API's no-op.
    if (tracingEnabled(env)) (await import("./lib/telemetry/start-tracing")).startTracing(env);
    const { getRateLimiter } = await import("./lib/contact/rate-limiter");
    getRateLimiter();
    // The confirmation email's shared limits connect now too, so the first lead's email finds them open.
    const { leadEmailSettings } = await import("./lib/conversation/lead-email");
    leadEmailSettings(env);
    // How each Redis frees memory: the records must never be evicted, the page cache must be (warned once each).
    if (env.REDIS_URL || env.PAGE_CACHE_REDIS_URL)
      void (await import("./lib/redis/eviction-policy")).checkRedisEviction(env);
    const { log } = await import("./lib/logging/logger");
    if (env.CONTACT_PROOF === "off")
      log.warn("proof.off", "CONTACT_PROOF=off: every lead counts as proven (load tests only, never a live site)");
    // The visit counter's buffer and visitors' store, so a stop signal flushes the counts (lib/health/exit-hooks.ts).
    (await import("./lib/analytics/counting")).counting();
    // The conversions' outbox: each instance drains it (retries, Google's diagnostics) every half minute.
    (await import("./lib/outbox/outbox-runtime")).startOutbox();
    const { getLeadsStore } = await import("./lib/contact/leads-store");
    void getLeadsStore().catch((error: unknown) =>
      log.error("lead.store_open_failed", "The leads store failed to open at start", { err: error }),
    );
  }
}
