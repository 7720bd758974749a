import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, relative } from "node:path";
import { gzipSync } from "node:zlib";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
};
const COMPRESSIBLE = new Set([".html", ".css", ".js", ".svg", ".txt", ".xml"]);

type Entry = { body: Buffer; gzip: Buffer | null; type: string; immutable: boolean };

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/**
 * A plain static file server: every file of `root` held in memory (with a gzip copy for text, as any production
 * static host would send), `/a/b` served from `a/b` or `a/b/index.html`; query strings ignored.
 */
export async function startStaticServer(
  root: string,
): Promise<{ origin: string; server: Server; close: () => Promise<void> }> {
  const files = new Map<string, Entry>();
  for (const file of walk(root)) {
    if (!statSync(file).isFile()) continue;
    const ext = extname(file);
    const body = readFileSync(file);
    const urlPath = "/" + relative(root, file).split("\\").join("/");
    const entry = {
      body,
      gzip: COMPRESSIBLE.has(ext) ? gzipSync(body) : null,
      type: TYPES[ext] ?? "application/octet-stream",
      immutable: urlPath.startsWith("/_next/static/"),
    };
    files.set(urlPath, entry);
    if (urlPath.endsWith("/index.html")) files.set(urlPath.slice(0, -"/index.html".length) || "/", entry);
  }
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? "/").split("?")[0]!);
    const entry = files.get(path);
    if (!entry || (req.method !== "GET" && req.method !== "HEAD")) {
      res
        .writeHead(entry ? 405 : 404, { "content-type": "text/plain" })
        .end(entry ? "method not allowed" : "not found");
      return;
    }
    const gzip = entry.gzip && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const body = gzip ? entry.gzip! : entry.body;
    res.writeHead(200, {
      "content-type": entry.type,
      "content-length": body.length,
      "cache-control": entry.immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
      vary: "Accept-Encoding",
      ...(gzip ? { "content-encoding": "gzip" } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
