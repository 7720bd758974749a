/**
 * Runs once when a server process starts. A production server missing what it needs to run safely stops here;
 * otherwise the leads store is opened, so the first visitor to submit doesn't wait for it.
 */
export async function register() {
  // The positive test on NEXT_RUNTIME lets the Edge build drop this Node-only code.
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { exitIfUnsafeForProduction } = await import("./lib/env/production-start");
    exitIfUnsafeForProduction();
    const { getSubmissionsStore } = await import("./lib/contact/submissions-store");
    void getSubmissionsStore().catch((error: unknown) => console.error("[leads] store failed to open at start:", error));
  }
}
