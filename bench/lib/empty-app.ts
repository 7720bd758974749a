import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { exited, stopGracefully, waitUntilServing } from "../../scripts/lib/server-process.ts";
import type { RunningServer } from "./next-app.ts";

const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
/** An App Router page with a root layout and one heading (bench/empty-app), built from the site's own packages. */
export const EMPTY_APP_DIR = new URL("../empty-app/", import.meta.url).pathname;

/**
 * Builds and serves the empty page with `next start`: the physical limit of this stack on this machine, measured in
 * the same run as the site. Next finds the repository's instrumentation too (its workspace root is the repository's),
 * so the server gets the site's environment; that touches the server only, not what the browser loads.
 */
export async function startEmptyApp(port: number, env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const build = spawn(process.execPath, [nextBin, "build"], {
    cwd: EMPTY_APP_DIR,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const code = await exited(build);
  if (code !== 0) throw new Error(`next build of ${EMPTY_APP_DIR} exited with ${code}`);
  const child = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: EMPTY_APP_DIR,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilServing(child, `${origin}/`, "the empty page's next start");
  return { origin, child, stop: () => stopGracefully(child, 20_000) };
}
