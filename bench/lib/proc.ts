import { readdirSync, readFileSync } from "node:fs";

/** Resident memory of one process in bytes (VmRSS from /proc/<pid>/status), 0 once it has exited. */
export function processRss(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The process and all its descendants, from the parent ids in /proc/<pid>/stat. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name may hold spaces and parentheses; the parent id is the second field after its closing ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process exited while we looked.
    }
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

export function treeRss(root: number): number {
  return processTree(root).reduce((sum, pid) => sum + processRss(pid), 0);
}

/** Samples the summed RSS of a process tree until stopped; `peak` is the highest sum seen. */
export function sampleTreeRss(root: number, everyMs = 200): { stop: () => { peak: number; samples: number } } {
  let peak = 0;
  let samples = 0;
  const sample = () => {
    peak = Math.max(peak, treeRss(root));
    samples += 1;
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return { peak, samples };
    },
  };
}
