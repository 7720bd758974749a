/**
 * `npm run bench:instances`: only the many-instances part of `npm run bench` (the contact API on one and two
 * standalone servers sharing Redis and the Supabase stand-in), on the build already in .next (`npm run build`).
 * Prints its table; writes nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { manyInstancesContact } from "./lib/many-instances.ts";
import { instancesMarkdown } from "./lib/report.ts";

const seconds = Number(process.env.BENCH_CONTACT_SECONDS || 8);
const work = mkdtempSync(join(tmpdir(), "bench-instances-"));
try {
  const results = await manyInstancesContact(work, seconds, [10, 50], (m) => console.error(m));
  console.log(instancesMarkdown(results));
  if (!results.stored.ok) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
