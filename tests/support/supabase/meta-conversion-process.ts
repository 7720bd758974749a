import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "../../../scripts/lib/free-port";

/**
 * The meta-conversion Edge Function run for real under Deno (node_modules/.bin/deno, through edge-function-runner.mjs)
 * on a port of its own, with `env` on top of this process's. Resolves once it listens; all it writes goes to `output`.
 */
export async function startMetaConversionFunction(
  env: Record<string, string>,
  output: (text: string) => void,
): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const deno = spawn(
    "node_modules/.bin/deno",
    [
      "run",
      "--no-prompt",
      "--allow-net=127.0.0.1",
      "--allow-env",
      "--allow-read",
      "tests/support/supabase/edge-function-runner.mjs",
      "supabase/functions/meta-conversion/index.ts",
    ],
    { env: { ...process.env, EDGE_FUNCTION_PORT: String(port), ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let written = "";
  const write = (d: Buffer) => {
    written += d.toString();
    output(d.toString());
  };
  deno.stdout!.on("data", write);
  deno.stderr!.on("data", write);
  await new Promise<void>((resolve, reject) => {
    deno.stdout!.on("data", () => written.includes(`edge function on ${port}`) && resolve());
    deno.once("exit", (code) => reject(new Error(`deno exited with ${code}: ${written}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, process: deno };
}
