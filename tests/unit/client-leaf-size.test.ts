import { build } from "esbuild";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/**
 * The page's new client code is one leaf, the savings estimate: everything it brings into the browser (its own code
 * and what it imports from lib/), minified as a production build minifies it, React left out (the page loads React
 * anyway). Next puts all of a page's client leaves into shared chunks, so the leaf is measured on its own here; the
 * whole page's budget is tests/e2e/js-budget.spec.ts.
 */
async function gzipSize(entry: string): Promise<number> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    platform: "browser",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    external: ["react", "react/jsx-runtime", "react-dom"],
    logLevel: "silent",
  });
  return gzipSync(result.outputFiles[0]!.contents).length;
}

describe("client code budget", () => {
  it("the savings estimate leaf stays within 3 kB gzip", async () => {
    const size = await gzipSize("app/_components/savings-estimate.tsx");
    console.log(`savings-estimate leaf: ${size} B gzip`);
    expect(size).toBeLessThanOrEqual(3 * 1024);
  });

  it("the WhatsApp link beside the form stays within 1 kB gzip", async () => {
    const size = await gzipSize("app/_components/whatsapp-link.tsx");
    console.log(`whatsapp-link leaf: ${size} B gzip`);
    expect(size).toBeLessThanOrEqual(1024);
  });
});
