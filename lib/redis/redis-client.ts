import { Redis } from "ioredis";

/**
 * A Redis connection (`redis://` or `rediss://`, so any managed Redis works) that fails fast while Redis is
 * unreachable — callers fall back at once instead of queueing requests behind a dead socket — and reconnects by
 * itself. Callers report outages themselves (once each, without personal data).
 */
export function connectRedis(url: string, purpose: string): Redis {
  const client = new Redis(url, {
    connectionName: purpose,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Without a listener ioredis prints every failed reconnection attempt as an unhandled error event.
  client.on("error", () => {});
  return client;
}

/**
 * Resolves true once `client` is connected (at once when it is), false if it is not within `ms`. A connection opened
 * at start is not ready for the first few milliseconds, and with the offline queue off a command sent then fails:
 * a caller that must not lose its first use (a lead's confirmation) waits here first.
 */
export function whenReady(client: Redis, ms: number): Promise<boolean> {
  if (client.status === "ready") return Promise.resolve(true);
  if (client.status === "end") return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off("ready", onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    client.on("ready", onReady);
  });
}
