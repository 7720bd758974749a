import { spawn } from "node:child_process";
import { join } from "node:path";
import { freePort } from "../../scripts/lib/free-port.ts";
import { startRedis } from "../../scripts/lib/redis-server.ts";
import { copyStandalone, startStandalone, type StandaloneServer } from "../../scripts/lib/standalone-server.ts";
import { LeadLedger, contactPass, warmUpContact, type ContactPass } from "./contact-load.ts";
import { auditIds, type StoredLeadsCheck } from "./stored-leads.ts";

export type InstancesPass = {
  instances: 1 | 2;
  connections: number;
  durationS: number;
  createdPerS: number;
  /** Two instances: the higher of the two servers' percentiles (each took half the connections). */
  p50Ms: number;
  p99Ms: number;
  statuses: Record<string, number>;
  errors: number;
};

export type ManyInstancesResults = { passes: InstancesPass[]; stored: StoredLeadsCheck; redisWarnings: number };

function combine(instances: 1 | 2, passes: ContactPass[]): InstancesPass {
  const statuses: Record<string, number> = {};
  for (const p of passes) for (const [k, v] of Object.entries(p.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  return {
    instances,
    connections: passes.reduce((n, p) => n + p.connections, 0),
    durationS: Math.max(...passes.map((p) => p.durationS)),
    createdPerS: passes.reduce((n, p) => n + p.createdPerS, 0),
    p50Ms: Math.max(...passes.map((p) => p.p50Ms)),
    p99Ms: Math.max(...passes.map((p) => p.p99Ms)),
    statuses,
    errors: passes.reduce((n, p) => n + p.errors, 0),
  };
}

/**
 * The contact API as several containers run it: standalone servers (each in its own directory) sharing one
 * Redis (rate limit counted there, on every submission) and one Supabase (the local stand-in, in its own
 * process). One instance, then two with the same total connections; then every id answered 201 is looked up.
 */
export async function manyInstancesContact(
  work: string,
  durationS: number,
  connectionCounts: number[],
  log: (m: string) => void,
): Promise<ManyInstancesResults> {
  const cleanups: (() => unknown)[] = [];
  try {
    const redis = await startRedis();
    cleanups.unshift(() => redis.close());
    const supabasePort = await freePort();
    const supabaseUrl = `http://127.0.0.1:${supabasePort}`;
    const fake = spawn(
      process.execPath,
      [new URL("../../tests/support/supabase/fake-supabase.ts", import.meta.url).pathname],
      {
        // Its intake ceiling off, as the bench's own database's: the passes measure the instances, not the ceiling.
        env: { ...process.env, FAKE_SUPABASE_PORT: String(supabasePort), FAKE_SUPABASE_INTAKE_CEILING: "off" },
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    cleanups.unshift(() => fake.exitCode === null && fake.kill("SIGTERM"));
    for (
      let i = 0;
      (await fetch(`${supabaseUrl}/__control/health`).then(
        (r) => r.status,
        () => 0,
      )) !== 200;
      i++
    ) {
      if (i > 120) throw new Error("the Supabase stand-in did not start");
      await new Promise((r) => setTimeout(r, 250));
    }
    const env = {
      REDIS_URL: redis.url,
      SUPABASE_URL: supabaseUrl,
      SUPABASE_ANON_KEY: "bench-anon-key",
      // The stand-in's service-role key: the visit counts go through it.
      SUPABASE_SECRET_KEY: "fake-service-role-key",
      CONVERSION_SIGNING_SECRET: "bench-conversion-signing-secret-0123456789",
      // Limits no load here reaches: every submission is still counted in Redis.
      CONTACT_RATE_LIMIT_PER_MINUTE: "1000000000",
      CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE: "0",
      CONTACT_PROOF: "off",
      CLIENT_IP_HEADER: "x-real-ip",
      // The load posts as a browser on each instance's own host, which the build (made for another origin) trusts here.
      FORWARDED_HOST_HEADER: "host",
    };
    const servers: StandaloneServer[] = [];
    for (const name of ["a", "b"]) {
      copyStandalone(join(work, name));
      const server = await startStandalone(join(work, name), await freePort(), env);
      cleanups.unshift(() => server.stop());
      servers.push(server);
    }
    const ledgers = servers.map(() => new LeadLedger());
    for (const [i, server] of servers.entries()) {
      const status = await warmUpContact(server.origin, ledgers[i]!);
      if (status !== 201) throw new Error(`a valid lead was answered ${status} by instance ${i + 1}\n${server.log()}`);
    }

    const passes: InstancesPass[] = [];
    for (const connections of connectionCounts) {
      log(`  one instance, ${connections} connections, ${durationS} s`);
      passes.push(
        combine(1, [await contactPass(servers[0]!.origin, ledgers[0]!, "one instance", connections, { durationS })]),
      );
      log(`  two instances, ${connections / 2} connections each, ${durationS} s`);
      const both = await Promise.all(
        servers.map((s, i) => contactPass(s.origin, ledgers[i]!, "two instances", connections / 2, { durationS })),
      );
      passes.push(combine(2, both));
    }
    const rows = (await (await fetch(`${supabaseUrl}/__control/rows`)).json()) as { id: string }[];
    const created = new Set(ledgers.flatMap((l) => [...l.created()]));
    const redisWarnings = servers.reduce(
      (n, s) => n + (s.log().match(/\[rate-limit\] Redis unavailable/g)?.length ?? 0),
      0,
    );
    return {
      passes,
      stored: auditIds(
        rows.map((r) => r.id),
        created,
      ),
      redisWarnings,
    };
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}
