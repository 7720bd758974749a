import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { readIntegrityManifest, writeIntegrityManifest } from "./integrity-manifest.ts";
import { readRootMainFiles } from "./root-main-files.ts";
import { isStartLoader } from "./start-after-paint.ts";

/**
 * V8's explicit compile hint (Chrome 136 and later): a script that starts with this comment is compiled whole on
 * a background thread while it downloads, instead of function by function on the main thread the first time each
 * is called. Other engines read a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Marks the chunks every page runs at start-up (React, Next's router, the bundler's runtime), listed by Next as
 * `rootMainFiles` in the build manifest. Nearly all of their code runs while the page hydrates, so compiling it
 * off the main thread takes it out of the landing page's long tasks on a phone; chunks loaded later stay lazy.
 * Safe to run twice; keeps Subresource Integrity hashes in step. Returns the files it marked, relative to `distDir`.
 */
export async function addCompileHints(distDir: string): Promise<string[]> {
  const { files: listed } = await readRootMainFiles(distDir, "the start-up chunks cannot be marked");
  // Once the loader stands in for them (a second run), they were marked on the first.
  const files = listed.filter((file) => !isStartLoader(file));
  for (const file of files) {
    const chunk = path.join(distDir, file);
    const source = await readFile(chunk, "utf8");
    if (!source.startsWith(COMPILE_HINT)) await writeFile(chunk, COMPILE_HINT + source);
  }
  await refreshIntegrity(distDir, files);
  return files;
}

/**
 * With Subresource Integrity on, Next hashed the chunks before they were marked, and browsers refuse a script whose
 * bytes do not match its `integrity` attribute: the marked chunks' hashes are recomputed, same algorithm.
 */
async function refreshIntegrity(distDir: string, files: string[]): Promise<void> {
  const integrity = await readIntegrityManifest(distDir);
  if (!integrity) return;
  for (const file of files) integrity.hash(file, await readFile(path.join(distDir, file)));
  await writeIntegrityManifest(distDir, integrity.hashes);
}
