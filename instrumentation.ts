/**
 * At server start: reads the environment, connects the rate limiter's store and opens the leads store, so the
 * first visitor to submit doesn't wait for them. An invalid environment stops the process here, naming the
 * variable: the standalone server does not load next.config.ts, so this is where it refuses to start.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { getRateLimiter } = await import("./lib/contact/rate-limiter");
  try {
    getRateLimiter();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const { getSubmissionsStore } = await import("./lib/contact/submissions-store");
  void getSubmissionsStore().catch((error: unknown) => console.error("[leads] store failed to open at start:", error));
}
