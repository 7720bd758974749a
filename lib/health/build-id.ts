import "server-only";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serverEnv } from "../env/server-env";

let buildId: string | undefined;

/**
 * The id `next build` gave the build this server runs (its BUILD_ID file; `next start` and the standalone server
 * alike): which release answers, when several are live during a deploy.
 */
export function currentBuildId(): string {
  buildId ??= readFileSync(
    join(/*turbopackIgnore: true*/ process.cwd(), serverEnv().NEXT_DIST_DIR, "BUILD_ID"),
    "utf8",
  ).trim();
  return buildId;
}
