import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Next's start-up chunks (React, its router, the bundler's runtime), as its build manifest lists them
 * (`rootMainFiles`), with a way to write the manifest back. `purpose` says what needs them, for the error that stops
 * the build when Next no longer lists them.
 */
export async function readRootMainFiles(distDir: string, purpose: string) {
  const manifestPath = path.join(distDir, "build-manifest.json");
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as Record<string, unknown>;
  const { rootMainFiles } = manifest;
  const files = Array.isArray(rootMainFiles)
    ? rootMainFiles.filter((f): f is string => typeof f === "string" && f.endsWith(".js"))
    : [];
  if (files.length === 0)
    throw new Error(`${manifestPath} lists no rootMainFiles: Next's build output changed, so ${purpose}`);
  return {
    files,
    /** Writes the manifest back with these start-up chunks in place of Next's. */
    replace: (replaced: string[]) =>
      writeFile(manifestPath, JSON.stringify({ ...manifest, rootMainFiles: replaced }, null, 2)),
  };
}
