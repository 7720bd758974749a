import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const ROOT = new URL("../..", import.meta.url).pathname;

/**
 * Copies the built standalone server into `dir`, as a container image holds it: .next/standalone plus the
 * static assets (and public/, when the project has one) that `next build` leaves beside it.
 */
export function copyStandalone(dir: string): void {
  const built = join(ROOT, ".next/standalone/server.js");
  if (!existsSync(built)) throw new Error("No .next/standalone: run `next build` first (output: \"standalone\")");
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, ".next/standalone"), dir, { recursive: true });
  cpSync(join(ROOT, ".next/static"), join(dir, ".next/static"), { recursive: true });
  if (existsSync(join(ROOT, "public"))) cpSync(join(ROOT, "public"), join(dir, "public"), { recursive: true });
}

export type StandaloneServer = {
  origin: string;
  child: ChildProcess;
  /** Everything the server printed (stdout and stderr). */
  log(): string;
  stop(): Promise<number | null>;
};

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

function spawnServer(dir: string, port: number, env: Record<string, string>): StandaloneServer {
  const child = spawn(process.execPath, ["server.js"], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", HOSTNAME: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return {
    origin: `http://127.0.0.1:${port}`,
    child,
    log: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      const timeout = setTimeout(() => child.kill("SIGKILL"), 10_000);
      const code = await exited(child);
      clearTimeout(timeout);
      return code;
    },
  };
}

/**
 * `node server.js` in `dir` on a loopback port, with exactly `env` (plus PATH/HOME), resolved once `readyPath`
 * answers 200 — or rejected with its output if it exits first.
 */
export async function startStandalone(dir: string, port: number, env: Record<string, string>, readyPath = "/mx"): Promise<StandaloneServer> {
  const server = spawnServer(dir, port, env);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server.js exited with ${server.child.exitCode}:\n${server.log()}`);
    const status = await fetch(server.origin + readyPath).then((r) => r.status, () => 0);
    if (status === 200) return server;
    if (Date.now() > deadline) {
      server.child.kill("SIGKILL");
      throw new Error(`server.js did not serve ${readyPath} within 60 s (last status ${status}):\n${server.log()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Starts `node server.js` expecting a refusal: its exit code (null if it was still running after 30 s) and output. */
export async function startExpectingRefusal(dir: string, port: number, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const server = spawnServer(dir, port, env);
  const timeout = setTimeout(() => server.child.kill("SIGKILL"), 30_000);
  const code = await exited(server.child);
  clearTimeout(timeout);
  return { code, output: server.log() };
}
