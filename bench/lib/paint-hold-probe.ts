import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import lighthouse from "lighthouse";

/** One delay of the probe: when each run's first frame was presented, and when its load event came. */
export type PaintHoldProbe = { stylesheetDelayMs: number; observedFcpMs: number[]; observedLoadMs: number[] };

const page = (delay: number) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Probe</title><link rel="stylesheet" href="/probe.css?delay=${delay}"></head><body><h1>A heading and nothing else</h1></body></html>`;

/**
 * Whether this machine's Chromium holds a page's first frame under Lighthouse's phone emulation, whatever the page:
 * a heading alone, its stylesheet answered `delay` ms after it is asked for. Where the frame can be painted early
 * enough it is presented at once; later than a threshold of the machine, Chromium presents it only at about 1.25 s
 * (or 2.25 s) after the navigation, however soon after the threshold it was ready, and the simulation then charges
 * the LCP with every request and script that came before. The site's own pages are read against it.
 */
export async function paintHoldProbe(port: number, delays: number[], runs: number): Promise<PaintHoldProbe[]> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://probe");
    const delay = Number(url.searchParams.get("delay") ?? 0);
    if (url.pathname === "/probe.css") {
      setTimeout(() => res.writeHead(200, { "content-type": "text/css" }).end("h1{color:#163c8a}"), delay);
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(delay));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const results: PaintHoldProbe[] = delays.map((stylesheetDelayMs) => ({
      stylesheetDelayMs,
      observedFcpMs: [],
      observedLoadMs: [],
    }));
    for (let round = 0; round < runs; round += 1)
      for (const result of results) {
        const run = await lighthouse(`${origin}/?delay=${result.stylesheetDelayMs}`, {
          port,
          logLevel: "error",
          onlyCategories: ["performance"],
          disableFullPageScreenshot: true,
        });
        const details = run?.lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined;
        const observed = details?.items?.[0];
        if (!observed) throw new Error(`Lighthouse gave no metrics for the probe at ${result.stylesheetDelayMs} ms`);
        result.observedFcpMs.push(Math.round(observed.observedFirstContentfulPaint!));
        result.observedLoadMs.push(Math.round(observed.observedLoad!));
      }
    return results;
  } finally {
    // The browser keeps its connection open, and close() would wait for it.
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
}
