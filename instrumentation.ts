/**
 * At server start: checks the environment (an invalid one stops the server, naming the variable), connects the
 * rate limiter's store and opens the leads store, so the first visitor to submit doesn't wait for them.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { exitOnInvalidEnv } = await import("./lib/env/check-at-start");
  exitOnInvalidEnv();
  const { getRateLimiter } = await import("./lib/contact/rate-limiter");
  getRateLimiter();
  const { getSubmissionsStore } = await import("./lib/contact/submissions-store");
  void getSubmissionsStore().catch((error: unknown) => console.error("[leads] store failed to open at start:", error));
}
