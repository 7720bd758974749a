import type { Browser } from "playwright-core";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Every <script> element and every script preload removed: what the page is without JavaScript. */
export function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<link\b[^>]*>/gi, (tag) =>
      /\brel=["']?modulepreload\b/i.test(tag) || (/\brel=["']?preload\b/i.test(tag) && /\bas=["']?script\b/i.test(tag))
        ? ""
        : tag,
    );
}

function save(root: string, urlPath: string, body: Buffer | string) {
  const file = join(root, urlPath.endsWith("/") ? `${urlPath}index.html` : urlPath);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, body);
}

export type Snapshot = { paths: string[]; strippedScripts: Record<string, number> };

/**
 * Copies each page from the running app into `root`: `/<page>/index.html` without scripts (the zero-JS
 * page), `/full/<page>/index.html` as served (for the throughput comparison), and every same-origin
 * stylesheet, font and image the browser loads for it, at the same URL path.
 */
export async function snapshotPages(
  browser: Browser,
  origin: string,
  pages: string[],
  root: string,
): Promise<Snapshot> {
  const assets = new Set<string>();
  const strippedScripts: Record<string, number> = {};
  for (const path of pages) {
    const html = await fetch(origin + path).then((r) => {
      if (!r.ok) throw new Error(`GET ${path}: ${r.status}`);
      return r.text();
    });
    const stripped = stripScripts(html);
    strippedScripts[path] = (html.match(/<script\b/gi) ?? []).length;
    if (/<script\b/i.test(stripped)) throw new Error(`scripts left in ${path}`);
    save(root, `${path}/`, stripped);
    // Icons and manifests are fetched by the browser itself, not the page, so they are taken from the markup.
    for (const tag of stripped.match(/<link\b[^>]*>/gi) ?? []) {
      const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1];
      if (href && /\brel=["']?(?:icon|apple-touch-icon|manifest|shortcut icon)\b/i.test(tag)) {
        const url = new URL(href.replaceAll("&amp;", "&"), origin + path);
        if (url.origin === origin) assets.add(url.pathname);
      }
    }
    save(root, `/full${path}/`, html);

    const page = await browser.newPage();
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin === origin && ["stylesheet", "font", "image"].includes(request.resourceType()))
        assets.add(url.pathname);
    });
    // Load the zero-JS HTML itself so only what it needs is collected, then its fonts and images.
    await page.route(origin + path, (route) =>
      route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: stripped }),
    );
    await page.goto(origin + path, { waitUntil: "networkidle" });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    await page.close();
  }
  for (const asset of assets) {
    const response = await fetch(origin + asset);
    if (!response.ok) throw new Error(`GET ${asset}: ${response.status}`);
    save(root, asset, Buffer.from(await response.arrayBuffer()));
  }
  return { paths: [...assets].sort(), strippedScripts };
}
