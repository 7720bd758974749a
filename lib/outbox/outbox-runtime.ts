import "server-only";
import { googleAdsEnabled, leadsBackend, metaStageSink, type ServerEnv } from "../env/env";
import { serverEnv } from "../env/server-env";
import { GoogleAccessToken } from "../google/access-token";
import { GoogleAdsSender } from "../google/data-manager";
import { parseGoogleCredentials } from "../google/google-credentials";
import { beforeExit } from "../health/exit-hooks";
import { log } from "../logging/logger";
import { MetaStageSender } from "../meta/stage-conversion";
import { serverRoleCall } from "../stages/stage-store";
import { Outbox } from "./outbox";
import type { Platform, PlatformSender } from "./upload";

/** Each instance looks for due uploads this often (retries, Google's diagnostics); a new stage wakes it at once. */
export const OUTBOX_INTERVAL_MS = 30_000;

type Runtime = { outbox: Outbox | null; timer?: ReturnType<typeof setInterval>; stopped: boolean };
// One per process, on globalThis: instrumentation.ts starts it and the routes wake it, from different bundles.
const holder = globalThis as typeof globalThis & { __outbox?: Runtime };

/** The senders this environment configures: Google Ads (Data Manager API) and Meta (the function, or the log). */
export function platformSenders(env: ServerEnv): Partial<Record<Platform, PlatformSender>> {
  const senders: Partial<Record<Platform, PlatformSender>> = {};
  if (googleAdsEnabled(env)) {
    const credentials = parseGoogleCredentials(env.GOOGLE_ADS_CREDENTIALS!);
    if (!("error" in credentials))
      senders.google = new GoogleAdsSender({
        apiUrl: env.GOOGLE_DATA_MANAGER_URL,
        operatingAccount: env.GOOGLE_ADS_OPERATING_ACCOUNT!,
        ...(env.GOOGLE_ADS_LOGIN_ACCOUNT && { loginAccount: env.GOOGLE_ADS_LOGIN_ACCOUNT }),
        conversionActions: env.GOOGLE_ADS_CONVERSION_ACTIONS!,
        token: new GoogleAccessToken(credentials, env.GOOGLE_OAUTH_TOKEN_URL),
      });
  }
  const sink = metaStageSink(env);
  if (sink === "local") senders.meta = new MetaStageSender({ sink: "local" });
  if (sink === "function" && env.CONVERSION_SIGNING_SECRET && leadsBackend(env) === "supabase")
    senders.meta = new MetaStageSender({
      sink: "function",
      functionUrl: `${env.SUPABASE_URL!.replace(/\/+$/, "")}/functions/v1/meta-conversion`,
      anonKey: env.SUPABASE_ANON_KEY!,
      signingSecret: env.CONVERSION_SIGNING_SECRET,
    });
  return senders;
}

function runtime(): Runtime {
  if (holder.__outbox) return holder.__outbox;
  const env = serverEnv();
  const call = serverRoleCall(env);
  const senders = platformSenders(env);
  holder.__outbox = {
    outbox: call && Object.keys(senders).length > 0 ? new Outbox(call, senders) : null,
    stopped: false,
  };
  return holder.__outbox;
}

function drainNow(): void {
  const { outbox, stopped } = runtime();
  if (!outbox || stopped) return;
  outbox.drain().catch((error: unknown) =>
    log.error("outbox.unavailable", "The conversions' outbox could not be drained; the next round tries again", {
      err: error,
    }),
  );
}

/** Starts this instance's rounds (instrumentation.ts); stopping the server ends them. */
export function startOutbox(): void {
  const rt = runtime();
  if (!rt.outbox || rt.timer) return;
  rt.timer = setInterval(drainNow, OUTBOX_INTERVAL_MS);
  rt.timer.unref();
  beforeExit("flush", async () => {
    rt.stopped = true;
    clearInterval(rt.timer);
  });
  drainNow();
}

/** Sends what a new stage or lead queued now, rather than at the next round. */
export function wakeOutbox(): void {
  setTimeout(drainNow, 0).unref();
}
