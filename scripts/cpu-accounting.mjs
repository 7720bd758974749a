// The CPU time (user + system) of everything a command runs, for the suite's tables. A command runs in a cpuacct
// control group of its own where this process may make one (Linux, root, cgroup v1's cpuacct): that counts the test
// servers and browsers it starts in process groups of their own, which outlive the shell that started them and so
// never reach its `times`. Elsewhere it falls back to `times`, which then undercounts a browser run several-fold.
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
    exact: grouped,
    /**
     * Stops what the command left running once it has exited (servers a crashed test run never tore down, which also
     * hold its output open); returns their names. Without a control group they cannot be found: none.
     */
    stopLeftovers() {
      if (!grouped) return [];
      const pids = readFileSync(`${group}/cgroup.procs`, "utf8").split("\n").filter(Boolean);
      const names = [];
      for (const pid of pids) {
        try {
          names.push(`${readFileSync(`/proc/${pid}/comm`, "utf8").trim()} (${pid})`);
          process.kill(Number(pid), "SIGKILL");
        } catch {
          // Already gone.
        }
      }
      return names;
    },
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
