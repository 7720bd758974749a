import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { generate } from "selfsigned";

/** Headers of an HTTP/1.1 hop that HTTP/2 refuses. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]);

/**
 * `upstream` (an `http://` origin) served over TLS and HTTP/2, as a production host serves the site: a CDN or a load
 * balancer before `next start`, where the page's requests share its one connection. Over HTTP/1.1 each request that
 * overlaps another opens a connection of its own, and Lighthouse's simulation charges that connection's handshake to
 * the request. The certificate is made for the run; the browser that measures through the proxy is started with
 * `--ignore-certificate-errors` (bench/lib/lighthouse-runs.ts).
 */
export async function startH2Proxy(upstream: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const target = new URL(upstream);
  const { private: key, cert } = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keyType: "ec",
    algorithm: "sha256",
  });
  const server = http2.createSecureServer({ key, cert }, (request, response) => {
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !name.startsWith(":")));
    const forwarded = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: request.url,
        method: request.method,
        headers: { ...headers, host: target.host, "x-forwarded-proto": "https" },
      },
      (answer) => {
        response.writeHead(
          answer.statusCode ?? 502,
          Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name))),
        );
        answer.pipe(response);
      },
    );
    forwarded.on("error", () => response.headersSent || response.writeHead(502).end());
    request.pipe(forwarded);
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  let closing = false;
  server.on("session", (session) => {
    if (closing) return void session.destroy();
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    // A browser keeps its sessions open, and opens new ones ahead of need: ended here, or the server would wait.
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}
