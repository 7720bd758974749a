// A Playwright worker's embedded site, local Content Lake and Sanity-mode site, as Playwright starts them
// (tests/support/servers/e2e-servers.ts), for the server tests that talk to them; stopped when the run ends. The worker is
// TEST_PARALLEL_INDEX (worker 0's by default; another's ports let them run beside a Playwright run of their own).
import { E2E_WORKER } from "../../scripts/lib/e2e-hosts";
import { ensureDatabaseTemplate } from "../support/supabase/empty-database";
import { workerServers } from "../support/servers/e2e-servers";
import { startServers } from "../support/servers/start-servers";

const NEEDED = /^(embedded site|local Content Lake|Sanity-mode site) /;

export default async function setup(): Promise<() => Promise<void>> {
  await ensureDatabaseTemplate();
  const servers = await startServers(
    workerServers(E2E_WORKER).filter((server) => NEEDED.test(server.name)),
    (line) => process.stderr.write(`${line}\n`),
  );
  return servers.stop;
}
