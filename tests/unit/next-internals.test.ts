// Next's documented entry points only: `next/dist/...` is Next's build output, whose paths any upgrade may move.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../..", import.meta.url).pathname;
const SOURCE = /\.(?:ts|tsx|mts|mjs|js)$/;

function sources(path: string): string[] {
  const full = join(ROOT, path);
  if (SOURCE.test(path)) return [path];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => join(entry.parentPath.slice(ROOT.length), entry.name));
}

/** Every place a module names another: import, export, import(), require(), createRequire(...)(), import types. */
const NEXT_INTERNAL = /["'`]next\/dist\//;

describe("the site's code imports nothing from next/dist", () => {
  const files = ["app", "lib", "proxy.ts", "next.config.ts", "instrumentation.ts"].flatMap(sources);

  it("reads the files it checks", () => {
    expect(files).toContain("lib/cache/page-cache-handler.ts");
    expect(files).toContain("next.config.ts");
    expect(files.length).toBeGreaterThan(100);
  });

  it("in app/, lib/, proxy.ts, next.config.ts and instrumentation.ts", () => {
    const offenders = files.filter((file) => NEXT_INTERNAL.test(readFileSync(join(ROOT, file), "utf8")));
    expect(offenders).toEqual([]);
  });
});
