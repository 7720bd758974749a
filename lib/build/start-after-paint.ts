import { createHash } from "node:crypto";
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { readIntegrityManifest, writeIntegrityManifest } from "./integrity-manifest.ts";
import { readRootMainFiles } from "./root-main-files.ts";

/** Where the loader is written and how it is recognised in the manifest (its name ends with a hash of its text). */
const LOADER_PREFIX = "static/chunks/start-after-paint-";
export const isStartLoader = (file: string) => file.startsWith(LOADER_PREFIX);

/**
 * The loader's text: after the first frame is painted (a timeout queued from the next animation frame runs once that
 * frame is presented), it adds the start-up chunks as async scripts, with their integrity hashes, written as Next
 * writes them: the `src` attribute as its own (the same folder, the same query, such as a deployment id), which is
 * what the bundler's runtime recognises a loaded chunk by. Beside them it adds the chunks of the page's client
 * components, which the page's payload lists (`self.__next_f`) and the head no longer does (`leavePageChunksToLoader`),
 * with the address the payload gives, so they download with the runtime rather than once it has read the payload. A
 * page loaded out of sight paints nothing, so there it starts them at once, as Next would.
 */
function loaderSource(chunks: { file: string; integrity: string | undefined }[]): string {
  return `(()=>{const me=document.currentScript,[at,query]=me.getAttribute("src").split(/(?=\\?)/),base=at.slice(0,at.lastIndexOf("/static/")+1),chunks=${JSON.stringify(
    chunks.map(({ file, integrity }) => (integrity ? [file, integrity] : [file])),
  )},add=(src,integrity)=>{if(document.querySelector(\`script[src="\${src}"]\`))return;const s=document.createElement("script");s.setAttribute("src",src);s.async=true;if(integrity)s.integrity=integrity;if(me.crossOrigin!==null)s.crossOrigin=me.crossOrigin;if(me.nonce)s.nonce=me.nonce;document.head.appendChild(s)},start=()=>{for(const[file,integrity]of chunks)add(base+file+(query??""),integrity);for(const[,text]of self.__next_f??[])if(typeof text==="string")for(const[,src]of text.matchAll(/"([^"?]+\\.js(?:\\?[^"]*)?)"/g))if(src.startsWith(base+"static/chunks/"))add(src)};document.visibilityState==="hidden"?start():requestAnimationFrame(()=>setTimeout(start))})();\n`;
}

/**
 * Next's start-up chunks (React, its router, the bundler's runtime: `rootMainFiles` in the build manifest) are async
 * scripts in the page's head, run the moment they arrive. On a fast connection they arrive before the first frame is
 * painted, so the browser runs them first and paints the hero later; a phone's slower processor pays that in full.
 * This puts one small loader in their place, which starts them once the first frame is on screen: the page is painted
 * from its HTML and stylesheet alone, then hydrates. Nothing on the page waits for them: its inline script runs the
 * banner, the notice and the pixel, and the form and the estimate keep what a visitor types until their code is there.
 *
 * Runs after Next compiles and before it prerenders (`compiler.runAfterProductionCompile`), after the compile hints
 * (the chunks' integrity hashes are final then). Safe to run twice. Returns the loader's file, relative to `distDir`.
 */
export async function startAfterFirstPaint(distDir: string): Promise<string> {
  const { files, replace } = await readRootMainFiles(distDir, "the start-up chunks cannot be deferred");
  if (files.length === 1 && isStartLoader(files[0]!)) return files[0]!;

  const integrity = await readIntegrityManifest(distDir);
  const source = loaderSource(files.map((file) => ({ file, integrity: integrity?.hashes[file] })));
  const loader = `${LOADER_PREFIX}${createHash("sha256").update(source).digest("hex").slice(0, 16)}.js`;
  await writeFile(path.join(distDir, loader), source);
  if (integrity) {
    integrity.hash(loader, source, files[0]);
    await writeIntegrityManifest(distDir, integrity.hashes);
  }
  await replace([loader]);
  return loader;
}

/** The file in which Next records, for one page, the client components it uses and the chunks that hold them. */
const MANIFEST = "page_client-reference-manifest.js";

type ClientReferenceManifest = {
  moduleLoading: unknown;
  entryJSFiles?: Record<string, string[]>;
  [key: string]: unknown;
};

/**
 * Next also writes the chunks of a page's client components as async scripts in its head, twice over: from the
 * page's and its layouts' entries (`entryJSFiles`) and from each client component the server render meets
 * (`moduleLoading` turns those into script tags). They too arrive before the first frame on a fast connection, and
 * a phone's slower network pays for them before the hero shows. The page's payload lists the same chunks, where the
 * loader finds them after the first paint (and the bundler's runtime would, before it hydrates), so the head does
 * not need them: this empties both lists in every page's manifest.
 *
 * Runs after Next compiles and before it prerenders (`compiler.runAfterProductionCompile`). Safe to run twice.
 * Returns the routes it changed.
 */
export async function leavePageChunksToLoader(distDir: string): Promise<string[]> {
  const appDir = path.join(distDir, "server/app");
  const changed: string[] = [];
  for (const entry of await readdir(appDir, { recursive: true })) {
    if (path.basename(entry) !== MANIFEST) continue;
    const file = path.join(appDir, entry);
    const context: { __RSC_MANIFEST?: Record<string, ClientReferenceManifest> } = {};
    runInNewContext(await readFile(file, "utf8"), context);
    const lines = ["globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};"];
    for (const [route, manifest] of Object.entries(context.__RSC_MANIFEST ?? {})) {
      if (!("moduleLoading" in manifest) || !manifest.entryJSFiles)
        throw new Error(`${file} has no moduleLoading or entryJSFiles for ${route}: Next's build output changed`);
      const entryJSFiles = Object.fromEntries(Object.keys(manifest.entryJSFiles).map((name) => [name, []]));
      const emptied = { ...manifest, moduleLoading: null, entryJSFiles };
      lines.push(`globalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify(emptied)};`);
      changed.push(route);
    }
    await writeFile(file, lines.join("\n") + "\n");
  }
  return changed.sort();
}
