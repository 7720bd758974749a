import { log } from "../logging/logger";

/**
 * Work a stopping server must finish before the process ends: first each `flush` (buffered counts written), then each
 * `close` (the embedded database checkpointed and closed). Next's server (`next start` and the standalone server.js)
 * answers a stop signal by refusing new connections, waiting for the requests in flight, then calling process.exit,
 * with no hook in between; so on the first signal process.exit is held until the hooks have run (at most
 * EXIT_GRACE_MS). The flushes also run at the signal itself, so counts are written while the requests drain. Where
 * nothing else handles the signal, the hooks run and the signal is raised again to end the process.
 *
 * On globalThis: instrumentation.ts and each route are bundled apart, each with its own copy of this module, and a
 * process must hold its exit once.
 */
export type ExitPhase = "flush" | "close";

/** How long the hooks may hold the exit: a database that does not close must not keep the process alive. */
export const EXIT_GRACE_MS = 10_000;

type Registry = { hooks: Record<ExitPhase, Set<() => Promise<void>>>; signalled: boolean; listening: boolean };

const registry = ((globalThis as typeof globalThis & { __exitHooks?: Registry }).__exitHooks ??= {
  hooks: { flush: new Set(), close: new Set() },
  signalled: false,
  listening: false,
});

const runPhase = (phase: ExitPhase) =>
  Promise.allSettled(
    [...registry.hooks[phase]].map((hook) =>
      hook().catch((error: unknown) =>
        log.error("server.exit_hook_failed", `A ${phase} hook failed while the server stopped`, { err: error }),
      ),
    ),
  );

/** Runs every flush, then every close. */
export async function runExitHooks(): Promise<void> {
  await runPhase("flush");
  await runPhase("close");
}

function onSignal(signal: NodeJS.Signals) {
  if (registry.signalled) return;
  registry.signalled = true;
  void runPhase("flush");
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    const grace = setTimeout(() => exit(code), EXIT_GRACE_MS);
    void runExitHooks().finally(() => {
      clearTimeout(grace);
      exit(code);
    });
  }) as typeof process.exit;
  if (process.listenerCount(signal) === 0) void runExitHooks().finally(() => process.kill(process.pid, signal));
}

/** Registers work to finish before the process ends; returns its removal. */
export function beforeExit(phase: ExitPhase, hook: () => Promise<void>): () => void {
  registry.hooks[phase].add(hook);
  if (!registry.listening) {
    registry.listening = true;
    process.once("SIGTERM", onSignal);
    process.once("SIGINT", onSignal);
  }
  return () => registry.hooks[phase].delete(hook);
}
