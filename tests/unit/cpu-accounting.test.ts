import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { meteredCommand } from "../../scripts/cpu-accounting.mjs";

/** Runs a metered command as `npm test` runs a step; resolves when its output closes. */
function runMetered(name: string, command: string) {
  const metered = meteredCommand(name, command);
  const child = spawn("bash", ["-c", metered.command], { stdio: ["ignore", "pipe", "pipe", "pipe"] });
  let output = "";
  let times = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stdio[3]!.on("data", (chunk) => (times += chunk));
  let left: string[] = [];
  child.on("exit", () => (left = metered.stopLeftovers()));
  return new Promise<{ code: number | null; output: string; left: string[]; cpu: number; exact: boolean }>((resolve) =>
    child.on("close", (code) => resolve({ code, output, left, cpu: metered.seconds(times), exact: metered.exact })),
  );
}

/** Whether this machine lets a command have a control group of its own (root and cgroup v1's cpuacct, as CI). */
const probe = meteredCommand("probe", "true");
const grouped = probe.exact;
probe.seconds("");

describe("a step of the suite, metered", () => {
  it("counts the CPU of what it ran", async () => {
    // A busy loop in a process group of its own, as the test servers and browsers run.
    const run = await runMetered("busy", "setsid --wait timeout 1 bash -c 'while :; do :; done' || true");
    expect(run.code).toBe(0);
    if (run.exact) expect(run.cpu).toBeGreaterThan(0.5);
  });

  it.runIf(grouped)("stops what it left running, which would otherwise hold its output open for ever", async () => {
    const started = Date.now();
    const run = await runMetered("leak", "sleep 300 & echo started");
    expect(run).toMatchObject({
      code: 0,
      output: "started\n",
      left: [expect.stringMatching(/^(sleep|bash) \(\d+\)$/)],
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
