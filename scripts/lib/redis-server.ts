import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.ts";

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH || "redis-server";

export type TestRedis = {
  /** redis://:<password>@127.0.0.1:<port>: with a password, as production requires. */
  url: string;
  port: number;
  /** Stops the server (its data is gone: nothing is persisted). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** Stops it for good and removes its directory. */
  close(): Promise<void>;
};

/** How a Redis frees memory: its `maxmemory` ("24mb"; none: unbounded) and `maxmemory-policy` (Redis's default). */
export type RedisMemory = { maxmemory?: string; policy?: string };

/** A throwaway redis-server on a free loopback port, in its own temp dir, with persistence off and a password. */
export async function startRedis({ maxmemory, policy }: RedisMemory = {}): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), "redis-"));
  const port = await freePort();
  const password = randomBytes(24).toString("hex");
  let child: ChildProcess | undefined;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const args = [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        dir,
        "--save",
        "",
        "--appendonly",
        "no",
        "--daemonize",
        "no",
        "--requirepass",
        password,
        ...(maxmemory ? ["--maxmemory", maxmemory] : []),
        ...(policy ? ["--maxmemory-policy", policy] : []),
      ];
      const proc = spawn(REDIS_SERVER, args, { stdio: ["ignore", "pipe", "inherit"] });
      child = proc;
      let output = "";
      proc.once("error", reject);
      proc.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${output.slice(-500)}`)));
      proc.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Ready to accept connections")) resolve();
      });
    });

  const stop = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once("exit", resolve));
    proc.kill("SIGKILL");
    await exited;
  };

  await start();
  return {
    url: `redis://:${password}@127.0.0.1:${port}`,
    port,
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
