import { spawn, type ChildProcess } from "node:child_process";
import type { ShellBlock } from "./project-docs";

/**
 * A reader's shell: this process's environment (npm needs the machine's, its certificates among them) without the
 * variables the test runners set for themselves. Vitest and Playwright set NODE_ENV, which Next warns about.
 */
export function readerShell(): NodeJS.ProcessEnv {
  const shell = { ...process.env };
  for (const name of Object.keys(shell))
    if (name === "NODE_ENV" || /^(VITEST|TEST_|PW_|PLAYWRIGHT)/.test(name)) delete shell[name];
  return shell;
}

/**
 * Runs a docs shell block as a reader pastes it, stopping at the first failing command, in a process group of its
 * own so that stopping it (stopProcessGroup) stops npm and every server npm started. Its output is kept without
 * colour codes, which a reader's terminal settings may ask for.
 */
export function runShellBlock(
  block: ShellBlock,
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; output: () => string } {
  const child = spawn("bash", ["-e", "-o", "pipefail", "-c", block.script], {
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const append = (chunk: Buffer) => (output += chunk.toString().replace(/\x1b\[[0-9;]*m/g, ""));
  child.stdout!.on("data", append);
  child.stderr!.on("data", append);
  return { child, output: () => output };
}
