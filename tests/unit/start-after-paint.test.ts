import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { Window } from "happy-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { leavePageChunksToLoader, startAfterFirstPaint } from "@/lib/build/start-after-paint";

let distDir: string;
const START_UP = ["static/chunks/react.js", "static/chunks/turbopack-runtime.js"];
const sri = (bytes: string | Buffer) => `sha256-${createHash("sha256").update(bytes).digest("base64")}`;
const readJson = async (file: string) =>
  JSON.parse(await readFile(path.join(distDir, file), "utf8")) as Record<string, unknown>;

beforeEach(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), "start-after-paint-"));
  await mkdir(path.join(distDir, "static/chunks"), { recursive: true });
  await mkdir(path.join(distDir, "server"));
  const hashes: Record<string, string> = {};
  for (const file of START_UP) {
    await writeFile(path.join(distDir, file), `/* ${file} */`);
    hashes[file] = sri(`/* ${file} */`);
  }
  await writeFile(path.join(distDir, "server/subresource-integrity-manifest.json"), JSON.stringify(hashes));
  await writeFile(
    path.join(distDir, "build-manifest.json"),
    JSON.stringify({ rootMainFiles: START_UP, polyfillFiles: ["static/chunks/polyfills.js"] }),
  );
});
afterEach(() => rm(distDir, { recursive: true, force: true }));

/**
 * A page whose HTML names the loader as Next names a start-up script, the first frame not painted yet: runs the
 * loader there and returns the window and a way to paint the next frame.
 */
async function pageWithLoader(
  loader: string,
  { src, hidden = false, payload = [] }: { src: string; hidden?: boolean; payload?: unknown[] },
) {
  const window = new Window({ url: "https://site.example/mx", settings: { disableJavaScriptFileLoading: true } });
  const { document } = window;
  // The page's payload, as its inline scripts push it before the loader runs.
  (window as unknown as { __next_f: unknown[] }).__next_f = payload;
  Object.defineProperty(document, "visibilityState", { value: hidden ? "hidden" : "visible" });
  const frames: FrameRequestCallback[] = [];
  window.requestAnimationFrame = ((callback: FrameRequestCallback) => frames.push(callback)) as never;
  const me = document.createElement("script");
  me.setAttribute("src", src);
  document.body.appendChild(me);
  Object.defineProperty(document, "currentScript", { value: me, configurable: true });
  window.eval(await readFile(path.join(distDir, loader), "utf8"));
  const added = () =>
    [...document.head.querySelectorAll("script")].map((s) => ({
      src: s.getAttribute("src"),
      integrity: s.integrity,
      async: s.async,
    }));
  const paint = async () => {
    for (const frame of frames.splice(0)) frame(0);
    await new Promise((resolve) => window.setTimeout(resolve, 0));
  };
  return { document, added, paint, close: () => window.happyDOM.close() };
}

describe("Next's start-up scripts start after the first paint", () => {
  it("the build names one loader in their place, its integrity hash true to its bytes; a second run changes nothing", async () => {
    const loader = await startAfterFirstPaint(distDir);
    expect(loader).toMatch(/^static\/chunks\/start-after-paint-[0-9a-f]{16}\.js$/);
    const manifest = await readJson("build-manifest.json");
    expect(manifest).toEqual({ rootMainFiles: [loader], polyfillFiles: ["static/chunks/polyfills.js"] });
    const hashes = await readJson("server/subresource-integrity-manifest.json");
    expect(hashes[loader]).toBe(sri(await readFile(path.join(distDir, loader))));
    // The copy the server loads as a script holds the same.
    const script = await readFile(path.join(distDir, "server/subresource-integrity-manifest.js"), "utf8");
    expect(JSON.parse(JSON.parse(script.replace(/^self\.__SUBRESOURCE_INTEGRITY_MANIFEST=/, "")) as string)).toEqual(
      hashes,
    );

    expect(await startAfterFirstPaint(distDir)).toBe(loader);
    expect(await readJson("build-manifest.json")).toEqual(manifest);
  });

  it("the loader adds nothing before the first frame, then each start-up chunk as Next writes it: same folder and query, async, its hash", async () => {
    const loader = await startAfterFirstPaint(distDir);
    const page = await pageWithLoader(loader, { src: `/_next/${loader}?dpl=build-7` });
    try {
      expect(page.added()).toEqual([]);
      await page.paint();
      const hashes = await readJson("server/subresource-integrity-manifest.json");
      // The bundler's runtime knows a loaded chunk by its src attribute: it must read as Next's own would.
      expect(page.added()).toEqual(
        START_UP.map((file) => ({ src: `/_next/${file}?dpl=build-7`, integrity: hashes[file], async: true })),
      );
    } finally {
      await page.close();
    }
  });

  it("beside them it adds the chunks the page's payload names, as the payload names them, once each", async () => {
    const loader = await startAfterFirstPaint(distDir);
    const payload = [
      [0],
      [1, '1:"$Sreact.fragment"\n2:"/_next/static/chunks/layout.js"\n3:I[339756,["$2"],"default"]\n'],
      [1, '4:"/_next/static/chunks/form.js?dpl=build-7"\n5:I[7,["$2","$4"],"ContactForm"]\n'],
      // Already in the page, or not a chunk of the site's: left alone.
      [1, '6:"/_next/static/chunks/in-head.js"\n7:"/seed-images/logo.js"\n8:"/_next/static/chunks/32.css"\n'],
      [2, "a form state"],
    ];
    const page = await pageWithLoader(loader, { src: `/_next/${loader}?dpl=build-7`, payload });
    try {
      const inHead = page.document.createElement("script");
      inHead.setAttribute("src", "/_next/static/chunks/in-head.js");
      inHead.async = true;
      page.document.head.appendChild(inHead);
      await page.paint();
      expect(page.added().map((s) => s.src)).toEqual([
        "/_next/static/chunks/in-head.js",
        ...START_UP.map((file) => `/_next/${file}?dpl=build-7`),
        "/_next/static/chunks/layout.js",
        "/_next/static/chunks/form.js?dpl=build-7",
      ]);
      expect(page.added().every((s) => s.async)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it("from an asset prefix (a CDN) the chunks come from the same place", async () => {
    const loader = await startAfterFirstPaint(distDir);
    const page = await pageWithLoader(loader, { src: `https://cdn.example/site/_next/${loader}` });
    try {
      await page.paint();
      expect(page.added().map((s) => s.src)).toEqual(START_UP.map((file) => `https://cdn.example/site/_next/${file}`));
    } finally {
      await page.close();
    }
  });

  it("a page loaded out of sight, which paints nothing, starts them at once", async () => {
    const loader = await startAfterFirstPaint(distDir);
    const page = await pageWithLoader(loader, { src: `/_next/${loader}`, hidden: true });
    try {
      expect(page.added().map((s) => s.src)).toEqual(START_UP.map((file) => `/_next/${file}`));
    } finally {
      await page.close();
    }
  });

  it("without Subresource Integrity the chunks carry no hash", async () => {
    await rm(path.join(distDir, "server/subresource-integrity-manifest.json"));
    const loader = await startAfterFirstPaint(distDir);
    const page = await pageWithLoader(loader, { src: `/_next/${loader}` });
    try {
      await page.paint();
      expect(page.added().map((s) => s.integrity)).toEqual(["", ""]);
    } finally {
      await page.close();
    }
  });

  it("stops the build, naming the manifest, when Next no longer lists its start-up chunks", async () => {
    await writeFile(path.join(distDir, "build-manifest.json"), JSON.stringify({ polyfillFiles: [] }));
    await expect(startAfterFirstPaint(distDir)).rejects.toThrow(/build-manifest\.json lists no rootMainFiles/);
  });
});

describe("the page's own chunks are left to the loader", () => {
  const manifestFile = (route: string) => path.join(distDir, "server/app", route, "page_client-reference-manifest.js");
  const clientModules = {
    "[project]/app/[market]/contact-form.tsx": { id: 7, name: "*", chunks: ["/_next/static/chunks/form.js"] },
  };
  /** A page's client reference manifest, as Next writes it: a script that sets one entry of a global. */
  const writeManifest = async (route: string, manifest: Record<string, unknown>) => {
    await mkdir(path.dirname(manifestFile(route)), { recursive: true });
    await writeFile(
      manifestFile(route),
      `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(`/${route}/page`)}] = ${JSON.stringify(manifest)};\n`,
    );
  };
  /** What the server reads from the file: it runs it. */
  const readManifest = async (route: string) => {
    const context: { __RSC_MANIFEST?: Record<string, Record<string, unknown>> } = {};
    runInNewContext(await readFile(manifestFile(route), "utf8"), context);
    return context.__RSC_MANIFEST!;
  };

  it("no page's head names its chunks any more; the payload keeps them, every other entry unchanged; a second run changes nothing", async () => {
    const manifest = {
      moduleLoading: { prefix: "" },
      clientModules,
      ssrModuleMapping: { 7: { "*": { id: 70, name: "*", chunks: ["server/chunks/ssr/form.js"] } } },
      entryCSSFiles: { "[project]/app/[market]/page": [{ path: "static/chunks/32.css", inlined: false }] },
      entryJSFiles: {
        "[project]/app/[market]/layout": ["static/chunks/layout.js"],
        "[project]/app/[market]/page": ["static/chunks/layout.js", "static/chunks/page.js"],
      },
    };
    await writeManifest("[market]", manifest);
    await writeManifest("studio", {
      ...manifest,
      entryJSFiles: { "[project]/app/studio/page": ["static/chunks/s.js"] },
    });

    expect(await leavePageChunksToLoader(distDir)).toEqual(["/[market]/page", "/studio/page"]);
    const emptied = {
      ...manifest,
      moduleLoading: null,
      entryJSFiles: { "[project]/app/[market]/layout": [], "[project]/app/[market]/page": [] },
    };
    expect(await readManifest("[market]")).toEqual({ "/[market]/page": emptied });
    expect(await readManifest("studio")).toEqual({
      "/studio/page": { ...manifest, moduleLoading: null, entryJSFiles: { "[project]/app/studio/page": [] } },
    });

    await leavePageChunksToLoader(distDir);
    expect(await readManifest("[market]")).toEqual({ "/[market]/page": emptied });
  });

  it("stops the build, naming the file, when a manifest no longer has the lists it empties", async () => {
    await writeManifest("[market]", { clientModules, entryJSFiles: {} });
    await expect(leavePageChunksToLoader(distDir)).rejects.toThrow(
      /\[market\]\/page_client-reference-manifest\.js has no moduleLoading or entryJSFiles for \/\[market\]\/page/,
    );
  });
});
