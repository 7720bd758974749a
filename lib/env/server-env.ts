import "server-only";
import { readServerEnv, type ServerEnv } from "./env";

let cached: ServerEnv | undefined;

/** Server code reads the environment through here: parsed once per process. */
export function serverEnv(): ServerEnv {
  cached ??= readServerEnv();
  return cached;
}
