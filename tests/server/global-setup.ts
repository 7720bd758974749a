// A Playwright worker's embedded site, local Content Lake and Sanity-mode site, as Playwright starts them
// (tests/support/e2e-servers.ts), for the server tests that talk to them; stopped when the run ends. The worker is
// TEST_PARALLEL_INDEX (worker 0's by default; another's ports let them run beside a Playwright run of their own).
import { spawn, type ChildProcess } from "node:child_process";
import { E2E_WORKER } from "../support/e2e-hosts";
import { workerServers } from "../support/e2e-servers";
import { exitedWithin, waitUntilServing } from "../support/server-process";

const NEEDED = /^(embedded site|local Content Lake|Sanity-mode site) /;

export default async function setup(): Promise<() => Promise<void>> {
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      children.map((child) => {
        // Its own process group: the shell and the server it started.
        if (child.exitCode === null) process.kill(-child.pid!, "SIGTERM");
        return exitedWithin(child, 10_000);
      }),
    );
  };
  try {
    await Promise.all(
      workerServers(E2E_WORKER)
        .filter((server) => NEEDED.test(server.name))
        .map((server) => {
          const child = spawn("bash", ["-c", server.command], {
            env: { ...process.env, ...server.env },
            stdio: ["ignore", "ignore", "inherit"],
            detached: true,
          });
          children.push(child);
          return waitUntilServing(child, server.url, server.name);
        }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
