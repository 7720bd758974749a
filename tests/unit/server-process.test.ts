import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { stopProcessGroup } from "../../scripts/lib/server-process";

/** A shell in a group of its own running `script` in Node in the background, resolved once that has started. */
async function shellWithServer(script: string) {
  const child = spawn("bash", ["-c", `${process.execPath} -e '${script}; console.log("up")' & wait`], {
    detached: true,
    stdio: ["ignore", "pipe", "ignore"],
  });
  await new Promise((resolve) => child.stdout!.once("data", resolve));
  return child;
}

const groupRunning = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("stopping a server started in a process group of its own", () => {
  it("waits for the server's own shutdown, not only for the shell that started it", async () => {
    // The shell ends at once on SIGTERM; the server under it takes a second and a half, as Next's graceful shutdown
    // does, and holds its port meanwhile.
    const child = await shellWithServer(
      "process.on(`SIGTERM`, () => setTimeout(() => process.exit(0), 1500)); setInterval(() => {}, 1000)",
    );
    const started = Date.now();
    await stopProcessGroup(child, 10_000);
    expect(groupRunning(child.pid!)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it("kills a server that ignores SIGTERM once the grace period is over", async () => {
    const child = await shellWithServer("process.on(`SIGTERM`, () => {}); setInterval(() => {}, 1000)");
    const started = Date.now();
    await stopProcessGroup(child, 500);
    expect(groupRunning(child.pid!)).toBe(false);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
