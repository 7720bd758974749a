// The CPU time (user + system) of everything a command runs, for the suite's tables. A command runs in a cpuacct
// control group of its own where this process may make one (Linux, root, cgroup v1's cpuacct): that counts the test
// servers and browsers it starts in process groups of their own, which outlive the shell that started them and so
// never reach its `times`. Elsewhere it falls back to `times`, which then undercounts a browser run several-fold.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmdirSync } from "node:fs";

const CPUACCT = "/sys/fs/cgroup/cpuacct";

/** This process's own cpuacct group: groups made below it count toward it too (`npm test` inside a measured run). */
function currentGroup() {
  try {
    const line = readFileSync("/proc/self/cgroup", "utf8")
      .split("\n")
      .find((l) => /^\d+:[^:]*\bcpuacct\b[^:]*:/.test(l));
    return line ? `${CPUACCT}${line.slice(line.lastIndexOf(":") + 1).replace(/\/$/, "")}` : CPUACCT;
  } catch {
    return CPUACCT;
  }
}

/** Seconds from bash's `times` line ("0m1.5s 0m0.2s"): the CPU of the children it waited for. */
const timesSeconds = (line) =>
  line
    .trim()
    .split(" ")
    .reduce((sum, part) => {
      const [, m, s] = /(\d+)m([\d.]+)s/.exec(part) ?? [, "0", "0"];
      return sum + Number(m) * 60 + Number(s);
    }, 0);

/**
 * Wraps `command` for `bash -c`: it joins a control group of its own, if one can be made, and prints `times` on
 * file descriptor 3 when it ends. `seconds(fd3Output)` then gives its CPU time; call it once, after it has exited.
 */
export function meteredCommand(name, command) {
  const group = `${currentGroup()}/suite-${process.pid}-${name.replace(/[^\w-]/g, "_")}`;
  let grouped = false;
  try {
    mkdirSync(group);
    grouped = true;
  } catch {
    // Not root, or no cgroup v1 cpuacct: `times` it is.
  }
  const join = grouped ? `echo $$ > ${group}/cgroup.procs; ` : "";
  return {
    command: `${join}${command}; status=$?; times >&3; exit $status`,
    /** The command's control group, when it has one. */
    group: grouped ? group : undefined,
    seconds(timesOutput) {
      if (!grouped) return timesSeconds(timesOutput.trim().split("\n")[1] ?? "");
      const nanoseconds = Number(readFileSync(`${group}/cpuacct.usage`, "utf8"));
      try {
        rmdirSync(group);
      } catch {
        // A process it started still runs; the kernel keeps the group until it ends.
      }
      return nanoseconds / 1e9;
    },
  };
}

/** Kills what is still in `group` (processes of a command that has exited) and returns their names and ids. */
function stopGroup(group) {
  const stopped = [];
  for (const pid of readFileSync(`${group}/cgroup.procs`, "utf8").split("\n").filter(Boolean)) {
    try {
      stopped.push(`${readFileSync(`/proc/${pid}/comm`, "utf8").trim()} (${pid})`);
      process.kill(Number(pid), "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  return stopped;
}

/**
 * Runs `command` in bash, metered, its stdout and stderr collected; resolves with its exit code, output, CPU seconds
 * and what it left running. Once it exits, that is stopped: servers a crashed test run never tore down would hold its
 * output open, and whoever waits for the output would wait for ever. Without a control group they cannot be found,
 * so the output is closed 10 s after the exit instead.
 */
export function runMetered(name, command, env = process.env) {
  const metered = meteredCommand(name, command);
  const child = spawn("bash", ["-c", metered.command], { stdio: ["ignore", "pipe", "pipe", "pipe"], env });
  let output = "";
  let times = "";
  let stopped = [];
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  child.stdio[3].on("data", (chunk) => (times += chunk));
  child.on("exit", () => {
    if (metered.group) stopped = stopGroup(metered.group);
    else setTimeout(() => child.stdio.forEach((stream) => stream?.destroy()), 10_000).unref();
  });
  return new Promise((resolve) =>
    child.on("close", (code) => resolve({ code, output, cpu: metered.seconds(times), stopped })),
  );
}
