import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { exitedWithin, stopGracefully, waitUntilServing } from "./server-process.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

/**
 * Copies the built standalone server into `dir`, as a container image holds it: the standalone folder plus the
 * static assets (and public/, when the project has one) that `next build` leaves beside it. `distDir` is the
 * build's folder (NEXT_DIST_DIR); the copy keeps it at the same place below `dir`.
 */
export function copyStandalone(dir: string, distDir = ".next"): void {
  const built = join(ROOT, distDir, "standalone/server.js");
  if (!existsSync(built)) throw new Error(`No ${distDir}/standalone: run \`next build\` first (output: "standalone")`);
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, distDir, "standalone"), dir, { recursive: true });
  cpSync(join(ROOT, distDir, "static"), join(dir, distDir, "static"), { recursive: true });
  if (existsSync(join(ROOT, "public"))) cpSync(join(ROOT, "public"), join(dir, "public"), { recursive: true });
}

export type StandaloneServer = {
  origin: string;
  child: ChildProcess;
  /** Everything the server printed (stdout and stderr). */
  log(): string;
  /** What it printed on each stream, apart (JSON lines stay whole). */
  stdout(): string;
  stderr(): string;
  stop(): Promise<number | null>;
};

function spawnServer(dir: string, port: number, env: Record<string, string>): StandaloneServer {
  const child = spawn(process.execPath, ["server.js"], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      HOSTNAME: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => ((output += chunk.toString()), (stdout += chunk.toString())));
  child.stderr!.on("data", (chunk: Buffer) => ((output += chunk.toString()), (stderr += chunk.toString())));
  return {
    origin: `http://127.0.0.1:${port}`,
    child,
    log: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    stop: () => stopGracefully(child, 10_000),
  };
}

/**
 * `node server.js` in `dir` on a loopback port, with exactly `env` (plus PATH/HOME), resolved once `readyPath`
 * answers 200 — or rejected with its output if it exits first.
 */
export async function startStandalone(
  dir: string,
  port: number,
  env: Record<string, string>,
  readyPath = "/mx",
): Promise<StandaloneServer> {
  const server = spawnServer(dir, port, env);
  await waitUntilServing(server.child, server.origin + readyPath, "server.js", server.log);
  return server;
}

/** Starts `node server.js` expecting a refusal: its exit code (null if it was still running after 30 s) and output. */
export async function startExpectingRefusal(
  dir: string,
  port: number,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const server = spawnServer(dir, port, env);
  const code = await exitedWithin(server.child, 30_000);
  return { code, output: server.log() };
}
