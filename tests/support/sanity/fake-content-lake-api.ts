// A local stand-in for the Content Lake's query endpoint: evaluates GROQ with groq-js over an NDJSON dataset,
// honouring the `perspective` parameter (published, drafts or a stack of releases), so @sanity/client's real
// request path is exercised offline.
import { evaluate, parse } from "groq-js";
import { createServer, type Server } from "node:http";
import { applyPerspective, type Perspective } from "../../../lib/content/local-dataset.ts";
import { readDataset } from "./dataset-file.ts";

export type RecordedQuery = {
  path: string;
  perspective: string | null;
  params: Record<string, unknown>;
  authorization: string | null;
  tag: string | null;
  resultSourceMap: string | null;
};

/**
 * A content source map like the Content Lake's for a query that projects one document's fields under their own
 * names (LANDING_QUERY does): one mapping at the root, so every result path maps to the same document path.
 */
function rootSourceMap(result: unknown) {
  const doc = result as { _id?: string } | null;
  if (!doc?._id) return undefined;
  return {
    documents: [{ _id: doc._id, _type: "landingPage" }],
    paths: ["$"],
    mappings: { $: { type: "value", source: { type: "documentValue", document: 0, path: 0 } } },
  };
}

/** The Studio user the stand-in's `GET /users/me` answers for SANITY_EDITOR_TOKEN: a member of the project. */
export const SANITY_EDITOR_TOKEN = "e2e-editor-token-0123456789abcdef";
export const SANITY_EDITOR = {
  id: "p-e2e",
  name: "Marketing Tester",
  email: "marketing@example.com",
  provider: "google",
  role: "editor",
  roles: [{ name: "editor", title: "Editor" }],
};
/** A signed-in Sanity user who is not a member of this project: Sanity answers their token without a role here. */
export const SANITY_OUTSIDER_TOKEN = "e2e-outsider-token-0123456789abcdef";

export type FakeSanityApi = {
  url: string;
  queries: RecordedQuery[];
  /** Calls of `GET /users/me` answered so far (a token checked with Sanity). */
  userLookups: number;
  /** Milliseconds each query waits before it is answered: a slow or stalled Content Lake. */
  delayMs: number;
  server: Server;
  close(): Promise<void>;
};

export async function startFakeSanityApi(datasetFile: string, port = 0): Promise<FakeSanityApi> {
  const queries: RecordedQuery[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    // The current user, as Sanity answers GET /users/me: the user for a known token, {} for anyone else.
    if (/^\/v[\w-]+\/users\/me$/.test(url.pathname)) {
      api.userLookups++;
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      const user =
        token === SANITY_EDITOR_TOKEN
          ? SANITY_EDITOR
          : token === SANITY_OUTSIDER_TOKEN
            ? { id: "p-outsider", name: "Someone Else", email: "someone@example.com", role: null, roles: [] }
            : {};
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(user));
      return;
    }
    const match = /^\/v[\w-]+\/data\/query\/([\w-]+)$/.exec(url.pathname);
    if (!match) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "not found" }));
      return;
    }
    let query = url.searchParams.get("query") ?? "";
    const params: Record<string, unknown> = {};
    for (const [key, value] of url.searchParams) if (key.startsWith("$")) params[key.slice(1)] = JSON.parse(value);
    if (req.method === "POST") {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        query: string;
        params?: Record<string, unknown>;
      };
      query = body.query;
      Object.assign(params, body.params);
    }
    const perspective = url.searchParams.get("perspective");
    const resultSourceMap = url.searchParams.get("resultSourceMap");
    queries.push({
      path: url.pathname,
      perspective,
      params,
      authorization: req.headers.authorization ?? null,
      tag: url.searchParams.get("tag"),
      resultSourceMap,
    });
    if (api.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, api.delayMs));
    if (res.destroyed) return;
    // The client sends a stack of releases comma-separated, highest first.
    const stack: Perspective =
      perspective === null || perspective === "published"
        ? "published"
        : perspective === "drafts"
          ? "drafts"
          : perspective.split(",");
    const dataset = applyPerspective(readDataset(datasetFile), stack);
    const result = await (await evaluate(parse(query, { params }), { dataset, params })).get();
    // Like the Content Lake, a source map only when asked for (stega needs it to encode).
    const body = { query, result, ms: 1, ...(resultSourceMap ? { resultSourceMap: rootSourceMap(result) } : {}) };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const api: FakeSanityApi = {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    queries,
    userLookups: 0,
    delayMs: 0,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}
