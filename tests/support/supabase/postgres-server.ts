import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../../scripts/lib/free-port.ts";

const BIN = process.env.PG_BIN_DIR || "/usr/lib/postgresql/15/bin";

export const postgresAvailable = () => existsSync(join(BIN, "initdb")) && existsSync(join(BIN, "pg_ctl"));

/** PostgreSQL refuses to run as root: as root, the cluster belongs to `postgres` if that user exists, else `nobody`. */
function serverUser(): string {
  try {
    execFileSync("id", ["postgres"], { stdio: "pipe" });
    return "postgres";
  } catch {
    return "nobody";
  }
}

/** A throwaway PostgreSQL 15 cluster in a temp dir, on a free loopback port. */
export async function startPostgres(): Promise<{ connectionString: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), "pg15-"));
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? serverUser() : undefined;
  const run = (cmd: string, args: string[]) =>
    execFileSync(user ? "runuser" : join(BIN, cmd), user ? ["-u", user, "--", join(BIN, cmd), ...args] : args, {
      stdio: "pipe",
    });
  if (user)
    chownSync(
      dir,
      Number(execFileSync("id", ["-u", user]).toString().trim()),
      Number(execFileSync("id", ["-g", user]).toString().trim()),
    );
  const data = join(dir, "data");
  const port = await freePort();
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  run("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-w", "-o", `-p ${port} -k ${dir} -h 127.0.0.1 -F`, "start"]);
  return {
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
