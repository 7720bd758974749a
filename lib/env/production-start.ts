import { isProductionServer, productionRefusal, readServerEnv } from "./env";

/**
 * Ends a production server that lacks what it needs to run safely, with exit status 1 and one line on stderr
 * saying what to set. Called when the server process starts (instrumentation.ts), so `next start`, the standalone
 * server.js and a platform's functions all stop the same way — the standalone server never loads next.config.ts.
 */
export function exitIfUnsafeForProduction(): void {
  const refusal = isProductionServer() ? productionRefusal(readServerEnv()) : undefined;
  if (!refusal) return;
  console.error(refusal);
  process.exit(1);
}
