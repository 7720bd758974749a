import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addCompileHints } from "@/lib/build/compile-hints";

let distDir: string;
const chunk = (name: string) => path.join(distDir, "static/chunks", name);

beforeEach(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), "compile-hints-"));
  await mkdir(path.join(distDir, "static/chunks"), { recursive: true });
  for (const name of ["react.js", "router.js", "lazy-toasts.js"]) await writeFile(chunk(name), `(()=>{/* ${name} */})();`);
});
afterEach(() => rm(distDir, { recursive: true, force: true }));

const manifest = (rootMainFiles: unknown) => writeFile(path.join(distDir, "build-manifest.json"), JSON.stringify({ rootMainFiles, polyfillFiles: [] }));

describe("compile hints on the start-up chunks", () => {
  it("mark exactly the chunks Next runs on every page, once, and leave lazily loaded chunks alone", async () => {
    await manifest(["static/chunks/react.js", "static/chunks/router.js"]);
    expect(await addCompileHints(distDir)).toEqual(["static/chunks/react.js", "static/chunks/router.js"]);
    await addCompileHints(distDir); // a second run (a rebuild hook, a retried build) must not stack comments

    // The comment V8 reads must be the file's first line, exactly.
    expect(await readFile(chunk("react.js"), "utf8")).toBe("//# allFunctionsCalledOnLoad\n(()=>{/* react.js */})();");
    expect(await readFile(chunk("router.js"), "utf8")).toBe("//# allFunctionsCalledOnLoad\n(()=>{/* router.js */})();");
    expect(await readFile(chunk("lazy-toasts.js"), "utf8")).toBe("(()=>{/* lazy-toasts.js */})();");
  });

  it("stop the build, naming the manifest, when Next no longer lists its start-up chunks", async () => {
    await manifest(undefined);
    await expect(addCompileHints(distDir)).rejects.toThrow(/build-manifest\.json lists no rootMainFiles/);
  });
});
