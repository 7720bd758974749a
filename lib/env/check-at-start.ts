import { serverEnv } from "./server-env";

/**
 * Reads the environment as the server starts; an invalid one stops the process with the variable's name. The
 * standalone server does not load next.config.ts (where `next dev/build/start` check it), so this is where it
 * refuses to start.
 */
export function exitOnInvalidEnv(): void {
  try {
    serverEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
