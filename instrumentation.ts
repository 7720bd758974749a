/**
 * Runs once when a server process starts. A production server missing what it needs to run safely stops here,
 * with one line saying what to set; otherwise the leads store is opened, so the first visitor to submit doesn't
 * wait for it. (A standalone server does not load next.config.ts at run time; this runs in every server.)
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { isProductionServer, productionRefusal, readServerEnv } = await import("./lib/env/env");
  const refusal = isProductionServer() ? productionRefusal(readServerEnv()) : undefined;
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  const { getSubmissionsStore } = await import("./lib/contact/submissions-store");
  void getSubmissionsStore().catch((error: unknown) => console.error("[leads] store failed to open at start:", error));
}
