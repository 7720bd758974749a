// The servers of the browser tests, which tests/support/servers/serve-e2e-workers.ts starts for Playwright
// (playwright.config.ts); the server tests in Vitest start one worker's the same way (tests/server/global-setup.ts).
import { e2eDataDir, e2eHosts, e2ePorts, sanityMode } from "../../../scripts/lib/e2e-hosts.ts";
import { E2E_SECRETS } from "../../../scripts/lib/e2e-secrets.ts";

/** A command that serves until stopped, ready once `url` answers 200. */
export type E2eServer = {
  name: string;
  command: string;
  url: string;
  reuseExistingServer: false;
  timeout: number;
  env?: Record<string, string>;
};

/** Environment of a standalone test server (`node server.js` of the e2e build). */
export function serverEnv(port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    SANITY_REVALIDATE_SECRET: E2E_SECRETS.SANITY_REVALIDATE_SECRET,
    DRAFT_MODE_SECRET: E2E_SECRETS.DRAFT_MODE_SECRET,
    // The proof of work is on: the browser tests solve it in the form's worker; scripted posts fetch and solve one.
    // At the lowest difficulty, as the suite sends many leads: what the default costs a phone is the bench's to say.
    CONTACT_PROOF_SECRET: E2E_SECRETS.CONTACT_PROOF_SECRET,
    CONTACT_PROOF_MAX_NUMBER: "1000",
    RESULTS_READ_TOKEN: E2E_SECRETS.RESULTS_READ_TOKEN,
    // Sales' stage links open and record, and the CRM endpoint takes a signature or the token.
    LEAD_STAGE_SECRET: E2E_SECRETS.LEAD_STAGE_SECRET,
    LEAD_STAGE_TOKEN: E2E_SECRETS.LEAD_STAGE_TOKEN,
    // Counts are written a second after the beacon, so a test reads them back without waiting long.
    COUNTS_FLUSH_SECONDS: "1",
    CONTACT_RATE_LIMIT_PER_MINUTE: "5",
    // A production server states where leads go and where the client's address comes from (tests set X-Real-IP).
    LEADS_STORE: "embedded",
    CLIENT_IP_HEADER: "x-real-ip",
    ...extra,
  };
}

/**
 * A worker's servers: the site on the embedded defaults, the same build in Supabase mode, the Supabase stand-in, a
 * local Content Lake and the Sanity-mode build reading it. `npm run test:e2e` builds once; each Next server runs its
 * own copy of that build on its own dataset and database (tests/support/servers/serve-e2e-build.ts).
 */
export function workerServers(worker: number): E2eServer[] {
  const ports = e2ePorts(worker);
  const hosts = e2eHosts(worker);
  const data = e2eDataDir(worker);
  const sanity = sanityMode(worker);
  // Each build names worker 0's origin as the site's; another worker's servers know their own by the Host header (a
  // beacon or a lead from any other origin is not the site's own and counts nothing).
  const ownOrigin: Record<string, string> = worker === 0 ? {} : { FORWARDED_HOST_HEADER: "host" };
  return [
    {
      name: `fake Supabase (worker ${worker})`,
      command: "node tests/support/supabase/fake-supabase.ts",
      url: `${hosts.fakeSupabase}/__control/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // Its meta-conversion endpoint checks signatures as the real function does.
      env: {
        FAKE_SUPABASE_PORT: String(ports.fakeSupabase),
        FAKE_CONVERSION_SIGNING_SECRET: E2E_SECRETS.CONVERSION_SIGNING_SECRET,
      },
    },
    {
      name: `embedded site (worker ${worker})`,
      command: `node tests/support/servers/serve-e2e-build.ts .next ${data}/embedded`,
      url: `${hosts.embedded}/mx`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: serverEnv(ports.embedded, ownOrigin),
    },
    {
      name: `Supabase-mode site (worker ${worker})`,
      command: `node tests/support/servers/serve-e2e-build.ts .next ${data}/supabase`,
      url: `${hosts.supabase}/mx`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: serverEnv(ports.supabase, {
        LEADS_STORE: "",
        SUPABASE_URL: hosts.fakeSupabase,
        SUPABASE_ANON_KEY: "e2e-anon-key",
        // The stand-in's service-role key (tests/support/supabase/fake-supabase.ts): the counts and results use it.
        SUPABASE_SECRET_KEY: "fake-service-role-key",
        SUPABASE_TIMEOUT_MS: "1000",
        CONVERSION_SIGNING_SECRET: E2E_SECRETS.CONVERSION_SIGNING_SECRET,
        // The same build as the embedded server's, answering on a second host: this one trusts its Host header, as a
        // deployment whose proxy routes only its own hostnames to it may.
        FORWARDED_HOST_HEADER: "host",
      }),
    },
    {
      name: `local Content Lake (worker ${worker})`,
      // Its own editable copy of the seed plus the draft fixtures, like the embedded servers'.
      command: `node tests/support/servers/prepare-e2e-data.mjs ${data}/sanity && node tests/support/sanity/fake-content-lake-process.ts ${ports.fakeSanity} ${sanity.datasetFile}`,
      url: `${hosts.fakeSanity}/v1/data/query/${sanity.dataset}?query=1`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      name: `Sanity-mode site (worker ${worker})`,
      // The Sanity-mode build (scripts/build-for-e2e.mjs), reading the local Content Lake above.
      command: `node tests/support/servers/serve-e2e-build.ts ${sanity.distDir} ${data}/sanity-site`,
      url: `${hosts.sanity}/studio`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(ports.sanity),
        HOSTNAME: "127.0.0.1",
        NEXT_PUBLIC_SANITY_PROJECT_ID: sanity.projectId,
        NEXT_PUBLIC_SANITY_DATASET: sanity.dataset,
        SANITY_API_HOST: hosts.fakeSanity,
        SANITY_API_READ_TOKEN: "e2e-viewer-token",
        LEADS_STORE: "embedded",
        CLIENT_IP_HEADER: "x-real-ip",
        CONTACT_PROOF_SECRET: E2E_SECRETS.CONTACT_PROOF_SECRET,
        RESULTS_READ_TOKEN: E2E_SECRETS.RESULTS_READ_TOKEN,
        COUNTS_FLUSH_SECONDS: "1",
        ...ownOrigin,
      },
    },
  ];
}
