// A local stand-in for the Content Lake's query endpoint: evaluates GROQ with groq-js over an NDJSON dataset,
// honouring the `perspective` parameter (published, drafts or a stack of releases), so @sanity/client's real
// request path is exercised offline. Started with `mutations`, it also answers the documents endpoint and applies the
// mutations a Studio action sends (create, createIfNotExists, createOrReplace, and patches that set), each transaction
// whole or not at all, to the dataset file.
import { evaluate, parse } from "groq-js";
import { createServer, type Server } from "node:http";
import { applyPerspective, type Perspective } from "../../../lib/content/local-dataset.ts";
import { readRequestText } from "../servers/request-body.ts";
import { readDataset, writeDataset, type Doc } from "./dataset-file.ts";

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

/**
 * Sets `value` at a dotted path (`hero.title`) in `doc` (a copy of the stored document), creating the objects on the
 * way, as a patch's `set` does.
 */
function setPath(doc: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  let at = doc;
  for (const key of keys.slice(0, -1)) {
    if (!at[key] || typeof at[key] !== "object") at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[keys.at(-1)!] = value;
}

/** Applies one transaction's mutations to a copy of the documents; throws naming a mutation it cannot apply. */
function applyMutations(docs: Doc[], mutations: Record<string, unknown>[]): Doc[] {
  const byId = new Map(docs.map((doc) => [doc._id, doc]));
  for (const mutation of mutations) {
    const [kind, body] = Object.entries(mutation)[0] as [string, Doc & { id?: string; set?: Record<string, unknown> }];
    if (kind === "create" || kind === "createIfNotExists") {
      if (byId.has(body._id)) {
        if (kind === "create") throw new Error(`create: ${body._id} already exists`);
        continue;
      }
      byId.set(body._id, body);
    } else if (kind === "createOrReplace") byId.set(body._id, body);
    else if (kind === "patch" && body.id && Object.keys(body).every((key) => key === "id" || key === "set")) {
      const doc = byId.get(body.id);
      if (!doc) throw new Error(`patch: no document ${body.id}`);
      const patched = structuredClone(doc);
      for (const [path, value] of Object.entries(body.set ?? {})) setPath(patched, path, value);
      byId.set(body.id, patched);
    } else throw new Error(`this stand-in does not apply ${JSON.stringify(mutation).slice(0, 80)}`);
  }
  return [...byId.values()];
}

export async function startFakeSanityApi(
  datasetFile: string,
  port = 0,
  { mutations = false }: { mutations?: boolean } = {},
): Promise<FakeSanityApi> {
  const queries: RecordedQuery[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (mutations) {
      const doc = /^\/v[\w-]+\/data\/doc\/[\w-]+\/(.+)$/.exec(url.pathname);
      if (doc) {
        const ids = decodeURIComponent(doc[1]!).split(",");
        const documents = readDataset(datasetFile).filter((d) => ids.includes(d._id));
        answer(200, { documents, omitted: ids.filter((id) => !documents.some((d) => d._id === id)) });
        return;
      }
      if (req.method === "POST" && /^\/v[\w-]+\/data\/mutate\/[\w-]+$/.test(url.pathname)) {
        const { mutations: sent } = JSON.parse(await readRequestText(req)) as { mutations: Record<string, unknown>[] };
        try {
          writeDataset(applyMutations(readDataset(datasetFile), sent), datasetFile);
        } catch (error) {
          answer(409, { error: { description: (error as Error).message } });
          return;
        }
        answer(200, { transactionId: `tx-${Date.now()}`, results: [] });
        return;
      }
    }
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
      answer(200, user);
      return;
    }
    const match = /^\/v[\w-]+\/data\/query\/([\w-]+)$/.exec(url.pathname);
    if (!match) {
      answer(404, { error: "not found" });
      return;
    }
    let query = url.searchParams.get("query") ?? "";
    const params: Record<string, unknown> = {};
    for (const [key, value] of url.searchParams) if (key.startsWith("$")) params[key.slice(1)] = JSON.parse(value);
    if (req.method === "POST") {
      const body = JSON.parse(await readRequestText(req)) as { query: string; params?: Record<string, unknown> };
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
    answer(200, body);
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
