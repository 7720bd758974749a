import { describe, expect, it } from "vitest";
import { meteredCommand, runMetered } from "../../scripts/cpu-accounting.mjs";

/** Whether this machine lets a command have a control group of its own (root and cgroup v1's cpuacct, as CI). */
const probe = meteredCommand("probe", "true");
const grouped = Boolean(probe.group);
probe.seconds("");

describe("a step of the suite, metered", () => {
  it("counts the CPU of what it ran", async () => {
    // A busy loop in a process group of its own, as the test servers and browsers run. It stops after 0.6 s of its own
    // CPU, not of the clock: beside the suite's other workers on two cores, a second of the clock is half a second of CPU.
    const run = await runMetered(
      "busy",
      `setsid --wait node -e 'const s = process.cpuUsage(); while (process.cpuUsage(s).user < 600000);'`,
    );
    expect(run.code).toBe(0);
    if (grouped) expect(run.cpu).toBeGreaterThan(0.5);
  });

  it.runIf(grouped)("stops what it left running, which would otherwise hold its output open for ever", async () => {
    const started = Date.now();
    const run = await runMetered("leak", "sleep 300 & echo started");
    expect(run).toMatchObject({
      code: 0,
      output: "started\n",
      stopped: [expect.stringMatching(/^(sleep|bash) \(\d+\)$/)],
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
