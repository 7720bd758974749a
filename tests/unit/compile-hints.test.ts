import { createHash } from "node:crypto";
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
  for (const name of ["react.js", "router.js", "lazy-toasts.js"])
    await writeFile(chunk(name), `(()=>{/* ${name} */})();`);
});
afterEach(() => rm(distDir, { recursive: true, force: true }));

const manifest = (rootMainFiles: unknown) =>
  writeFile(path.join(distDir, "build-manifest.json"), JSON.stringify({ rootMainFiles, polyfillFiles: [] }));

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

  it("keep each marked chunk's Subresource Integrity hash true to its new bytes, so browsers still run it", async () => {
    await manifest(["static/chunks/react.js", "static/chunks/router.js"]);
    const sri = (file: string, algorithm = "sha256") =>
      readFile(path.join(distDir, file)).then(
        (bytes) => `${algorithm}-${createHash(algorithm).update(bytes).digest("base64")}`,
      );
    await mkdir(path.join(distDir, "server"));
    const before = {
      "static/chunks/react.js": await sri("static/chunks/react.js"),
      "static/chunks/router.js": await sri("static/chunks/router.js", "sha384"),
      "static/chunks/lazy-toasts.js": await sri("static/chunks/lazy-toasts.js"),
    };
    await writeFile(path.join(distDir, "server/subresource-integrity-manifest.json"), JSON.stringify(before));
    await addCompileHints(distDir);
    const after = JSON.parse(
      await readFile(path.join(distDir, "server/subresource-integrity-manifest.json"), "utf8"),
    ) as Record<string, string>;
    expect(after).toEqual({
      "static/chunks/react.js": await sri("static/chunks/react.js"),
      "static/chunks/router.js": await sri("static/chunks/router.js", "sha384"),
      "static/chunks/lazy-toasts.js": before["static/chunks/lazy-toasts.js"],
    });
    expect(after["static/chunks/react.js"]).not.toBe(before["static/chunks/react.js"]);
    // The copy the server loads as a script holds the same.
    const script = await readFile(path.join(distDir, "server/subresource-integrity-manifest.js"), "utf8");
    expect(JSON.parse(JSON.parse(script.replace(/^self\.__SUBRESOURCE_INTEGRITY_MANIFEST=/, "")) as string)).toEqual(
      after,
    );
  });

  it("stop the build, naming the manifest, when Next no longer lists its start-up chunks", async () => {
    await manifest(undefined);
    await expect(addCompileHints(distDir)).rejects.toThrow(/build-manifest\.json lists no rootMainFiles/);
  });
});
