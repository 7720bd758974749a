// Playwright's one webServer (playwright.config.ts): `serve-e2e-workers.ts <workers>` starts every worker's servers
// at once, then answers 200 on the ready port Playwright waits for, until Playwright stops it.
import { createServer } from "node:http";
import { E2E_READY_PORT } from "../../../scripts/lib/e2e-hosts.ts";
import { ensureDatabaseTemplate } from "../supabase/empty-database.ts";
import { workerServers } from "./e2e-servers.ts";
import { startServers } from "./start-servers.ts";

const workers = Number(process.argv[2]);
if (!Number.isInteger(workers) || workers < 1) throw new Error("usage: serve-e2e-workers.ts <workers>");

// Made once here rather than by each server starting at the same time.
await ensureDatabaseTemplate();
const servers = await startServers(
  Array.from({ length: workers }, (_, worker) => workerServers(worker)).flat(),
  (line) => process.stderr.write(`${line}\n`),
);
const ready = createServer((_, response) => response.end("ready")).listen(E2E_READY_PORT, "127.0.0.1");
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    ready.close();
    void servers.stop().then(() => process.exit(0));
  });
}
