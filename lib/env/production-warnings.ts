import { contactRateLimits } from "./env-rules.ts";
import type { ServerEnv } from "./server-schema.ts";

export type StartWarning = {
  event: "rate_limit.client_off" | "rate_limit.global_off" | "shared_store.missing";
  message: string;
};

/**
 * What a production server may run without but must say at start, once each: a bound the documentation promises that
 * this environment leaves out or keeps in one process only. Logged at warn level by the start check.
 */
export function productionWarnings(env: ServerEnv): StartWarning[] {
  const warnings: StartWarning[] = [];
  const { perClient, global } = contactRateLimits(env);
  if (perClient === 0) {
    warnings.push({
      event: "rate_limit.client_off",
      message: `CONTACT_RATE_LIMIT_PER_MINUTE=0: no limit per client or per IPv6 /48; ${
        global > 0
          ? `the global ceiling (${global} proven leads a minute) and the hourly cap on held leads (${global}) still apply`
          : "and no global ceiling either"
      }`,
    });
  }
  if (global === 0) {
    warnings.push({
      event: "rate_limit.global_off",
      message:
        "CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE=0: no global ceiling on proven leads and no hourly cap on held leads; every lead a client's limit lets through is alerted to sales and reported to Meta",
    });
  }
  // Vercel without Redis is refused (production-refusal.ts): elsewhere one instance may be all there is.
  if (!env.REDIS_URL && !env.VERCEL) {
    warnings.push({
      event: "shared_store.missing",
      message:
        "REDIS_URL is unset: spent proofs, the rate limits, the hourly cap on held leads and the summary of held leads live in this process only; a restart forgets them and a second instance would count on its own. Run a single instance, or set REDIS_URL",
    });
  }
  return warnings;
}
