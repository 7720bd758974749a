import "server-only";
import type { Redis } from "ioredis";
import { once } from "node:events";
import { getLeadsStore } from "../contact/leads-store";
import { leadsBackend, type ServerEnv } from "../env/env";
import { serverEnv } from "../env/server-env";
import { log } from "../logging/logger";
import { connectRedis } from "../redis/redis-client";
import { supabaseServerClient } from "../supabase/server-client";
import { inSpan, markActiveSpanFailed } from "../telemetry/spans";

/** Each dependency's own deadline: together under the 2 s a probe is usually given (see docs/operations.md). */
export const STORE_DEADLINE_MS = 1500;
export const REDIS_DEADLINE_MS = 1000;
/** A result is reused this long: a storm of probes (many instances, many load balancers) costs one check. */
export const READINESS_CACHE_MS = 5000;

export type CheckResult = { status: "up" | "down"; durationMs: number; error?: string; backend?: string };
export type Readiness = { ready: boolean; checkedAt: string; checks: Record<string, CheckResult> };

/** Why a dependency failed, in words that name no host, key or URL. */
class NotReady extends Error {}

async function withDeadline(ms: number, what: string, check: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const signal = AbortSignal.timeout(ms);
  const expired = new Promise<never>((_, reject) =>
    signal.addEventListener("abort", () => reject(new NotReady(`${what} did not answer within ${ms} ms`)), {
      once: true,
    }),
  );
  await Promise.race([check(signal), expired]);
}

/**
 * Supabase: the `leads_store_ready` function (a migration) with the anon key, through the same gateway, PostgREST and
 * database an insert takes; it answers whether anon may insert leads, so it needs no read grant on them.
 * Embedded: the PGlite database has opened (a cold open takes seconds).
 */
async function checkStore(env: ServerEnv, signal: AbortSignal): Promise<void> {
  if (leadsBackend(env) === "embedded") {
    await getLeadsStore().catch(() => Promise.reject(new NotReady("the embedded database could not be opened")));
    return;
  }
  const { data, error, status } = await supabaseServerClient(env.SUPABASE_URL!, env.SUPABASE_ANON_KEY!)
    .rpc("leads_store_ready")
    .abortSignal(signal);
  if (signal.aborted) return;
  if (status === 0) throw new NotReady("Supabase is unreachable");
  if (error?.code === "PGRST202")
    throw new NotReady("Supabase lacks the leads_store_ready function: apply supabase/migrations");
  if (status === 401 || status === 403) throw new NotReady(`Supabase refused the key (${status})`);
  if (error) throw new NotReady(`Supabase answered ${status}${error.code ? ` (${error.code})` : ""}`);
  if (data !== true) throw new NotReady("the anon key may not insert into contact_submissions (check the grants)");
}

const holder = globalThis as typeof globalThis & {
  __readinessRedis?: Redis;
  __readiness?: { at: number; result: Promise<Readiness> };
  /** The failing dependencies of the last check, comma-separated ("" when ready). */
  __readinessState?: string;
};

/**
 * Redis answers PING on a connection of its own (the rate limiter's and page cache's fall back silently, by design).
 */
async function checkRedis(url: string, signal: AbortSignal): Promise<void> {
  const client = (holder.__readinessRedis ??= connectRedis(url, "readiness"));
  if (client.status !== "ready")
    await once(client, "ready", { signal }).catch(() => Promise.reject(new NotReady("Redis is unreachable")));
  await client.ping().catch(() => Promise.reject(new NotReady("Redis did not answer PING")));
}

async function timed(
  what: string,
  deadlineMs: number,
  check: (signal: AbortSignal) => Promise<void>,
  backend?: string,
): Promise<CheckResult> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  try {
    await withDeadline(deadlineMs, what, check);
    return { status: "up", durationMs: durationMs(), ...(backend && { backend }) };
  } catch (error) {
    // Only messages written here reach the answer: a library's error could quote a URL with its credentials.
    const reason = error instanceof NotReady ? error.message : `${what} check failed`;
    return { status: "down", durationMs: durationMs(), error: reason, ...(backend && { backend }) };
  }
}

function check(): Promise<Readiness> {
  return inSpan("readiness.check", {}, async (span) => {
    const env = serverEnv();
    const checks: Record<string, Promise<CheckResult>> = {
      store: timed("the leads store", STORE_DEADLINE_MS, (signal) => checkStore(env, signal), leadsBackend(env)),
    };
    if (env.REDIS_URL) checks.redis = timed("Redis", REDIS_DEADLINE_MS, (signal) => checkRedis(env.REDIS_URL!, signal));
    const results = Object.fromEntries(
      await Promise.all(Object.entries(checks).map(async ([name, result]) => [name, await result] as const)),
    );
    const ready = Object.values(results).every((r) => r.status === "up");
    const failing = Object.keys(results).filter((name) => results[name]!.status === "down");
    const reasons = failing.map((name) => `${name}: ${results[name]!.error}`).join("; ");
    span.setAttributes({ "readiness.ready": ready, "readiness.failing": failing });
    if (!ready) markActiveSpanFailed(reasons);
    // Logged when the answer changes, or the dependencies that fail do.
    const state = failing.join(",");
    if (holder.__readinessState !== state) {
      if (ready) log.info("readiness.changed", "Ready: this instance can take leads", { ready });
      else log.warn("readiness.changed", `Not ready: ${reasons}`, { ready, failing });
      holder.__readinessState = state;
    }
    return { ready, checkedAt: new Date().toISOString(), checks: results };
  });
}

/**
 * Whether this instance can take a lead now: every dependency checked in parallel, the answer reused for a few seconds.
 */
export function readiness(now = Date.now()): Promise<Readiness> {
  const cached = holder.__readiness;
  if (cached && now - cached.at < READINESS_CACHE_MS) return cached.result;
  const result = check();
  holder.__readiness = { at: now, result };
  return result;
}
