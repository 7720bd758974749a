/** Opens the leads store when the server starts, so the first visitor to submit doesn't wait for it. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { getSubmissionsStore } = await import("./lib/contact/submissions-store");
  void getSubmissionsStore().catch((error: unknown) => console.error("[leads] store failed to open at start:", error));
}
