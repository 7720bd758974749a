import { log } from "../logging/logger";
import { googleAdsEnabled, isProductionServer, productionRefusal, productionWarnings, readServerEnv } from "./env";

/**
 * Ends a server that must not serve: an invalid environment (naming the variable), or a production server lacking
 * what it needs to run safely — exit status 1 and one line on stderr saying what to set. Called when the server
 * process starts (instrumentation.ts), so `next start`, the standalone server.js and a platform's functions all stop
 * the same way; the standalone server never loads next.config.ts, where `next dev/build/start` also check. A
 * production server that may start but runs without a documented bound says so, one warning each.
 */
export function exitUnlessSafeToStart(): void {
  let problem: string | undefined;
  try {
    const env = readServerEnv();
    problem = isProductionServer() ? productionRefusal(env) : undefined;
    if (!problem && isProductionServer()) {
      for (const { event, message } of productionWarnings(env)) log.warn(event, message);
      // Not a missing bound: a choice the operator may have made. Said once, so nobody wonders why Google gets nothing.
      if (!googleAdsEnabled(env))
        log.info(
          "google_ads.off",
          "Google Ads conversions are off: set GOOGLE_ADS_OPERATING_ACCOUNT, GOOGLE_ADS_CONVERSION_ACTIONS and GOOGLE_ADS_CREDENTIALS to report leads with a Google click id and sales' stages (docs/deploy.md)",
        );
    }
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  if (!problem) return;
  log.fatal("server.start_refused", problem);
  process.exit(1);
}
