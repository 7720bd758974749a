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
