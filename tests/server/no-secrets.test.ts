import { expect, test } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { E2E_SECRETS } from "../../scripts/lib/e2e-secrets";

// The dummy server secrets scripts/build-for-e2e.mjs exports while building the app these tests run against.
const SECRETS = {
  SUPABASE_ANON_KEY: "dummy-supabase-anon-key-must-not-ship",
  SUPABASE_SECRET_KEY: "dummy-supabase-secret-key-must-not-ship",
  SANITY_API_READ_TOKEN: "dummy-sanity-read-token-must-not-ship",
  ...E2E_SECRETS,
};
const STATIC_DIR = join(process.cwd(), ".next", "static");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

test("no server secret appears in any file the browser can download (.next/static)", () => {
  expect(existsSync(STATIC_DIR), `${STATIC_DIR} exists (build first)`).toBe(true);
  const all = files(STATIC_DIR);
  expect(all.filter((f) => f.endsWith(".js")).length, "the build emitted browser JavaScript").toBeGreaterThan(0);
  const leaks: string[] = [];
  for (const file of all) {
    const content = readFileSync(file);
    for (const [name, value] of Object.entries(SECRETS)) {
      if (content.includes(value)) leaks.push(`${name} in ${relative(process.cwd(), file)}`);
    }
  }
  expect(leaks).toEqual([]);
});
