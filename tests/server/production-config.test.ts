import { expect, test } from "vitest";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { E2E_PORTS } from "../../scripts/lib/e2e-hosts";
import { exitedWithin } from "../../scripts/lib/server-process";

// A production server or build started as an operator would, missing what it needs: it must stop, non-zero,
// with one line saying what to set — never fall back silently to the development defaults.
const PORT = E2E_PORTS.productionConfig;
const NEXT = "node_modules/next/dist/bin/next";
const STRONG_SECRET = "0123456789abcdef0123456789abcdef";
/** `npm start`: the standalone server the build wrote (scripts/start-standalone.mjs). */
const START = "scripts/start-standalone.mjs";

/** What the shell of a fresh deployment holds: none of this project's variables. */
function bareEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    ...extra,
  };
}

async function run(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await exitedWithin(child, 60_000);
  return { code, stderr, ms: Date.now() - started };
}

const start = (env: Record<string, string>) =>
  run([START], bareEnv({ PORT: String(PORT), HOSTNAME: "127.0.0.1", ...env }));

/** The refusal is exactly one line of the process's error output. */
function refusalLine(stderr: string): string {
  const lines = stderr.split("\n").filter((l) => /Refusing to start/.test(l));
  expect(lines, stderr).toHaveLength(1);
  return lines[0]!;
}

test("npm start without Supabase or the embedded opt-in refuses to start, naming both", async () => {
  const { code, stderr } = await start({ CLIENT_IP_HEADER: "x-real-ip" });
  expect(code).toBe(1);
  const line = refusalLine(stderr);
  expect(line).toMatch(/SUPABASE_URL and SUPABASE_ANON_KEY, or LEADS_STORE=embedded/);
  expect(line).not.toMatch(/CLIENT_IP_HEADER/);
});

test("npm start with a rate limit but no client-address header refuses to start, naming CLIENT_IP_HEADER", async () => {
  const { code, stderr } = await start({ LEADS_STORE: "embedded" });
  expect(code).toBe(1);
  const line = refusalLine(stderr);
  expect(line).toMatch(/CLIENT_IP_HEADER/);
  expect(line).toMatch(/CONTACT_RATE_LIMIT_PER_MINUTE=0/);
  expect(line).not.toMatch(/SUPABASE_URL/);
});

test("npm start with neither says both on the same line", async () => {
  const { code, stderr } = await start({});
  expect(code).toBe(1);
  expect(refusalLine(stderr)).toMatch(/SUPABASE_URL.*; .*CLIENT_IP_HEADER/);
});

test("npm start with a secret under 32 characters refuses to start, naming each short one and never its value", async () => {
  const { code, stderr } = await start({
    LEADS_STORE: "embedded",
    CLIENT_IP_HEADER: "x-real-ip",
    DRAFT_MODE_SECRET: "letmein-preview",
    SANITY_REVALIDATE_SECRET: "webhook-secret-2025",
  });
  expect(code).toBe(1);
  const line = refusalLine(stderr);
  expect(line).toMatch(/DRAFT_MODE_SECRET is 15 characters, and a secret needs at least 32/);
  expect(line).toMatch(/SANITY_REVALIDATE_SECRET is 19 characters/);
  expect(stderr).not.toMatch(/letmein-preview|webhook-secret-2025/);
});

test("npm start reporting to Supabase without CONVERSION_SIGNING_SECRET, or with a Redis that has no password, refuses to start naming them", async () => {
  const supabase = {
    SUPABASE_URL: "http://127.0.0.1:9",
    SUPABASE_ANON_KEY: "anon",
    SUPABASE_SECRET_KEY: "sb_secret_0123456789abcdef",
    CLIENT_IP_HEADER: "x-real-ip",
  };
  const unsigned = await start(supabase);
  expect(unsigned.code).toBe(1);
  expect(refusalLine(unsigned.stderr)).toMatch(/CONVERSION_SIGNING_SECRET/);
  const openRedis = await start({
    ...supabase,
    CONVERSION_SIGNING_SECRET: "0123456789abcdef0123456789abcdef",
    REDIS_URL: "redis://127.0.0.1:9",
  });
  expect(openRedis.code).toBe(1);
  const line = refusalLine(openRedis.stderr);
  expect(line).toMatch(/REDIS_URL has no password/);
  expect(line).toMatch(/REDIS_ALLOW_PLAINTEXT=1/);
  expect(line).not.toMatch(/CONVERSION_SIGNING_SECRET/);
});

test("npm start on Vercel without REDIS_URL refuses to start, naming it: any request may reach another instance", async () => {
  const { code, stderr } = await start({
    VERCEL: "1",
    SUPABASE_URL: "http://127.0.0.1:9",
    SUPABASE_ANON_KEY: "anon",
    CONVERSION_SIGNING_SECRET: STRONG_SECRET,
    CONTACT_PROOF_SECRET: STRONG_SECRET,
  });
  expect(code).toBe(1);
  expect(refusalLine(stderr)).toMatch(/on Vercel .*set REDIS_URL/);
});

test("npm start with CONTACT_RATE_LIMIT_PER_MINUTE=0 and no Redis serves, and says at start what still holds and what lives in this process", async () => {
  const dir = mkdtempSync(join(tmpdir(), "zero-limit-"));
  const child = spawn(process.execPath, [START], {
    env: bareEnv({
      PORT: String(PORT),
      HOSTNAME: "127.0.0.1",
      LEADS_STORE: "embedded",
      EMBEDDED_DB_DIR: join(dir, "pglite"),
      CONTACT_RATE_LIMIT_PER_MINUTE: "0",
      CONTACT_PROOF_SECRET: STRONG_SECRET,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  try {
    const warnings = () =>
      stdout
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { level: string; event: string; msg: string })
        .filter((l) => l.level === "warn");
    await expect
      .poll(() => warnings().map((w) => w.event), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(["rate_limit.client_off", "shared_store.missing"]));
    expect(warnings().find((w) => w.event === "rate_limit.client_off")!.msg).toMatch(
      /global ceiling \(100 proven leads a minute\) and the hourly cap on held leads \(100\) still apply/,
    );
    expect(child.exitCode).toBeNull();
  } finally {
    child.kill("SIGTERM");
    await exitedWithin(child, 15_000);
    rmSync(dir, { recursive: true, force: true });
  }
});

test("next build without NEXT_PUBLIC_SITE_URL stops at once naming it, leaving the existing build alone", async () => {
  const buildId = statSync(".next/BUILD_ID").mtimeMs;
  const { code, stderr, ms } = await run([NEXT, "build"], bareEnv({}));
  expect(code).toBe(1);
  const lines = stderr.split("\n").filter((l) => l.trim());
  expect(lines, stderr).toEqual([
    "A production build needs NEXT_PUBLIC_SITE_URL, the site's public origin (e.g. https://pagos.example).",
  ]);
  expect(ms).toBeLessThan(20_000);
  expect(statSync(".next/BUILD_ID").mtimeMs).toBe(buildId);
});
