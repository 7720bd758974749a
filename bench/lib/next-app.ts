import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { exited, stopGracefully, waitUntilServing } from "../../scripts/lib/server-process.ts";
import { sampleTreeRss } from "./proc.ts";

const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const startScript = new URL("../../scripts/start-standalone.mjs", import.meta.url).pathname;

/**
 * The embedded defaults, whatever the shell or a .env file holds: an empty value set here wins over .env files
 * (Next never overrides a variable that exists) and the env module reads it as "not configured".
 */
export function embeddedEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_PUBLIC_SANITY_PROJECT_ID: "",
    NEXT_PUBLIC_SANITY_DATASET: "",
    NEXT_PUBLIC_META_PIXEL_ID: "",
    SUPABASE_URL: "",
    SUPABASE_ANON_KEY: "",
    SANITY_API_READ_TOKEN: "",
    // A production server keeps leads in the embedded database only when told to.
    LEADS_STORE: "embedded",
    // The load passes measure the route's own cost: every lead is treated as proven (the proof's cost is measured
    // apart).
    CONTACT_PROOF: "off",
    ...extra,
  };
}

export type BuildResult = { wallMs: number; peakRssBytes: number; rssSamples: number };

/** `next build` in the project directory; wall time and the peak summed RSS of its process tree (workers included). */
export async function buildNext(cwd: string, env: NodeJS.ProcessEnv): Promise<BuildResult> {
  const started = performance.now();
  const child = spawn(process.execPath, [nextBin, "build"], { cwd, env, stdio: ["ignore", "inherit", "inherit"] });
  const sampler = sampleTreeRss(child.pid!);
  const code = await exited(child);
  const wallMs = performance.now() - started;
  const { peak, samples } = sampler.stop();
  if (code !== 0) throw new Error(`next build exited with ${code}`);
  return { wallMs, peakRssBytes: peak, rssSamples: samples };
}

export type RunningServer = { origin: string; child: ChildProcess; stop: () => Promise<number | null> };

/** `npm start` (the standalone server of the build in `cwd`) on loopback, resolved once `readyPath` answers 200. */
export async function startNext(
  cwd: string,
  port: number,
  env: NodeJS.ProcessEnv,
  readyPath = "/mx",
): Promise<RunningServer> {
  const child = spawn(process.execPath, [startScript], {
    cwd,
    env: { ...env, PORT: String(port), HOSTNAME: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilServing(child, origin + readyPath, "npm start");
  return {
    origin,
    child,
    // SIGTERM lets the server close its database (PGlite flushes on close); SIGKILL only if it hangs.
    stop: () => stopGracefully(child, 20_000),
  };
}
