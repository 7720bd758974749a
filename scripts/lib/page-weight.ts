import { gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";
import { COMPILE_HINT } from "../../lib/build/compile-hints.ts";

export type PageWeight = {
  scripts: { url: string; raw: number; gzip: number; compileHint: boolean }[];
  jsRaw: number;
  jsGzip: number;
  cssRaw: number;
  cssGzip: number;
  htmlRaw: number;
  htmlGzip: number;
};

/** What a browser downloads to show a page until the network is idle: module scripts, CSS and HTML, raw and gzip. */
export async function measurePageWeight(browser: Browser, url: string): Promise<PageWeight> {
  const page = await browser.newPage();
  const bodies: Promise<{ type: string; url: string; body: Buffer }>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (["script", "stylesheet", "document"].includes(type)) {
      bodies.push(response.body().then((body) => ({ type, url: response.url(), body })));
    }
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const loaded = await Promise.all(bodies);
  await page.close();
  const size = (type: string) => loaded.filter((l) => l.type === type);
  const sum = (items: { body: Buffer }[], gz: boolean) =>
    items.reduce((n, i) => n + (gz ? gzipSync(i.body).length : i.body.length), 0);
  const scripts = size("script");
  return {
    scripts: scripts.map((s) => ({
      url: s.url,
      raw: s.body.length,
      gzip: gzipSync(s.body).length,
      compileHint: s.body.subarray(0, COMPILE_HINT.length).toString() === COMPILE_HINT,
    })),
    jsRaw: sum(scripts, false),
    jsGzip: sum(scripts, true),
    cssRaw: sum(size("stylesheet"), false),
    cssGzip: sum(size("stylesheet"), true),
    htmlRaw: sum(size("document"), false),
    htmlGzip: sum(size("document"), true),
  };
}
