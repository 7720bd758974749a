// Starts test servers all at once (each command in a shell of its own process group) and resolves once every one
// answers its URL; `stop` ends them all. Playwright's own webServer entries start one after another.
import { spawn, type ChildProcess } from "node:child_process";
import type { E2eServer } from "./e2e-servers.ts";
import { stopProcessGroup, waitUntilServing } from "../../../scripts/lib/server-process.ts";

export type StartedServers = { stop: () => Promise<void> };

/** `log` receives each server's error output, line by line, prefixed with its name (none: discarded). */
export async function startServers(servers: E2eServer[], log?: (line: string) => void): Promise<StartedServers> {
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map((child) => stopProcessGroup(child, 10_000)));
  };
  try {
    await Promise.all(
      servers.map((server) => {
        const child = spawn("bash", ["-c", server.command], {
          env: { ...process.env, ...server.env },
          stdio: ["ignore", "ignore", log ? "pipe" : "ignore"],
          detached: true,
        });
        children.push(child);
        let rest = "";
        child.stderr?.on("data", (chunk: Buffer) => {
          const lines = (rest + chunk.toString()).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) log?.(`[${server.name}] ${line}`);
        });
        return waitUntilServing(child, server.url, server.name);
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
