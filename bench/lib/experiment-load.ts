import { getLoad, type LoadResult } from "./http-load.ts";

/**
 * What a running experiment costs a page request, on one server of the build: the seed runs one on
 * /mx/importadores-china and none on /ar/importadores (a campaign page like it). The proxy's added latency is the
 * difference between the two pages' p50 and p99 under the same load, for a new visitor (assigned on every request: no
 * cookie) and a returning one (the cookie names the variant). Then the page cache under the experiment: the share of
 * variant responses served from it (x-nextjs-cache HIT or STALE) over requests that alternate the two variants.
 */
export type ExperimentLoad = {
  connections: number;
  withoutExperiment: LoadResult;
  newVisitors: LoadResult;
  returningVisitors: LoadResult;
  addedP50Ms: { newVisitors: number; returningVisitors: number };
  addedP99Ms: { newVisitors: number; returningVisitors: number };
  cache: { requests: number; hits: number; hitRate: number };
};

export const EXPERIMENT_PAGE = "/mx/importadores-china";
export const PLAIN_PAGE = "/ar/importadores";
const PERSON =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
/** The seed experiment's variants as the cookie names them, the control first. */
export const EXPERIMENT_VARIANTS = ["mx-china-titulo--control", "mx-china-titulo--ahorro"];

export async function experimentLoad(origin: string, connections: number, durationS: number): Promise<ExperimentLoad> {
  const person = { "user-agent": PERSON };
  const withoutExperiment = await getLoad(`${origin}${PLAIN_PAGE}`, connections, durationS, person);
  const newVisitors = await getLoad(`${origin}${EXPERIMENT_PAGE}`, connections, durationS, person);
  const returningVisitors = await getLoad(`${origin}${EXPERIMENT_PAGE}`, connections, durationS, {
    ...person,
    cookie: `experiments=${EXPERIMENT_VARIANTS[1]}`,
  });
  let hits = 0;
  const requests = 400;
  for (let i = 0; i < requests; i++) {
    const response = await fetch(`${origin}${EXPERIMENT_PAGE}`, {
      headers: { ...person, cookie: `experiments=${EXPERIMENT_VARIANTS[i % 2]}` },
    });
    await response.arrayBuffer();
    if (["HIT", "STALE"].includes(response.headers.get("x-nextjs-cache") ?? "")) hits++;
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    connections,
    withoutExperiment,
    newVisitors,
    returningVisitors,
    addedP50Ms: {
      newVisitors: round(newVisitors.p50Ms - withoutExperiment.p50Ms),
      returningVisitors: round(returningVisitors.p50Ms - withoutExperiment.p50Ms),
    },
    addedP99Ms: {
      newVisitors: round(newVisitors.p99Ms - withoutExperiment.p99Ms),
      returningVisitors: round(returningVisitors.p99Ms - withoutExperiment.p99Ms),
    },
    cache: { requests, hits, hitRate: hits / requests },
  };
}

export function experimentMarkdown(e: ExperimentLoad): string {
  const row = (label: string, r: LoadResult, added?: [number, number]) => [
    label,
    Math.round(r.rps),
    `${r.p50Ms} ms`,
    `${r.p99Ms} ms`,
    added ? `${added[0]} ms / ${added[1]} ms` : "",
    r.non2xx,
  ];
  const rows = [
    row(`${PLAIN_PAGE} (no experiment)`, e.withoutExperiment),
    row(`${EXPERIMENT_PAGE}, new visitors (assigned)`, e.newVisitors, [
      e.addedP50Ms.newVisitors,
      e.addedP99Ms.newVisitors,
    ]),
    row(`${EXPERIMENT_PAGE}, returning (cookie)`, e.returningVisitors, [
      e.addedP50Ms.returningVisitors,
      e.addedP99Ms.returningVisitors,
    ]),
  ];
  const head = [`GET, ${e.connections} connections`, "req/s", "p50", "p99", "added p50 / p99", "non-2xx"];
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [
    line(head),
    line(head.map(() => "---")),
    ...rows.map(line),
    "",
    `Variant pages from the page cache: ${e.cache.hits} of ${e.cache.requests} requests alternating the two variants (${(e.cache.hitRate * 100).toFixed(1)}%).`,
  ].join("\n");
}
