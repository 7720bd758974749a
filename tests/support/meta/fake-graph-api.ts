// A local stand-in for Meta's Graph API Conversions endpoint (POST /<version>/<pixel id>/events), recording
// every call as received. Its answers follow Meta's documented shapes: `{events_received, messages,
// fbtrace_id}` on success, `{error: {message, type, code, error_subcode, fbtrace_id}}` on a refusal.
import { createServer, type Server } from "node:http";
import { readRequestText } from "../servers/request-body.ts";

export type GraphMode = "ok" | "refuse-event" | "down" | "slow";
export type GraphCall = {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
};

export const GRAPH_ERROR = {
  error: {
    message: "Invalid parameter",
    type: "OAuthException",
    code: 100,
    error_subcode: 2804050,
    fbtrace_id: "AbCdEfGhIjK",
  },
};

export type FakeGraphApi = {
  url: string;
  calls: GraphCall[];
  setMode(mode: GraphMode, slowMs?: number): void;
  close(): Promise<void>;
};

export async function startFakeGraphApi(): Promise<FakeGraphApi> {
  const calls: GraphCall[] = [];
  let mode: GraphMode = "ok";
  let slowMs = 0;
  const server: Server = createServer(async (req, res) => {
    const text = await readRequestText(req);
    const url = new URL(req.url ?? "/", "http://localhost");
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text: the test sees what arrived
    }
    calls.push({ method: req.method ?? "", path: url.pathname, search: url.search, headers: req.headers, body });
    if (mode === "down") return req.socket.destroy();
    if (mode === "slow") await new Promise((r) => setTimeout(r, slowMs));
    const send = (status: number, payload: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (mode === "refuse-event") return send(400, GRAPH_ERROR);
    if (req.method !== "POST" || !/^\/v\d+\.\d+\/\d+\/events$/.test(url.pathname))
      return send(404, { error: { message: "Unknown path", code: 803 } });
    const events = (body as { data?: unknown[] } | null)?.data;
    return send(200, {
      events_received: Array.isArray(events) ? events.length : 0,
      messages: [],
      fbtrace_id: "AbCdEfGhIjK",
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    setMode(next, ms = 0) {
      mode = next;
      slowMs = ms;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
