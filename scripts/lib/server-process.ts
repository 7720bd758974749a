import type { ChildProcess } from "node:child_process";

/** Its exit code once it has exited (null when a signal ended it). */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/** Waits for it to exit, killing it (SIGKILL) if it is still running after `ms`. */
export async function exitedWithin(child: ChildProcess, ms: number): Promise<number | null> {
  const timeout = setTimeout(() => child.kill("SIGKILL"), ms);
  try {
    return await exited(child);
  } finally {
    clearTimeout(timeout);
  }
}

/** Sends `signal` to every process in the group `child` leads; false when none is left. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-child.pid!, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops a process started in a group of its own (`detached`) and every process in it: SIGTERM, then SIGKILL after
 * `graceMs`. Resolves once none is left: the leader (a shell, npm) exits at once, while the server it started may
 * still be finishing its shutdown, holding its port, for seconds. A group that outlives even SIGKILL by 5 s (a process
 * nobody reaps) is left to the system.
 */
export async function stopProcessGroup(child: ChildProcess, graceMs: number): Promise<void> {
  const killAt = Date.now() + graceMs;
  signalGroup(child, "SIGTERM");
  while (signalGroup(child, 0) && Date.now() < killAt + 5_000) {
    if (Date.now() >= killAt) signalGroup(child, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await exited(child);
}

/** SIGTERM, as a platform stops a server (it may finish what it holds), then SIGKILL if it hangs past `graceMs`. */
export function stopGracefully(child: ChildProcess, graceMs: number): Promise<number | null> {
  child.kill("SIGTERM");
  return exitedWithin(child, graceMs);
}

/**
 * Resolves once `url` answers 200; throws, with `output()` appended, if the process exits first or 60 s pass
 * (then it is killed). `name` is how errors refer to the server.
 */
export async function waitUntilServing(
  child: ChildProcess,
  url: string,
  name: string,
  output: () => string = () => "",
): Promise<void> {
  const deadline = Date.now() + 60_000;
  const details = () => (output() ? `:\n${output()}` : "");
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}${details()}`);
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${name} did not serve ${new URL(url).pathname} within 60 s (last status ${status})${details()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
