/** Decides whether a client may submit now; an interface so a shared store (e.g. Redis) can replace memory. */
export interface RateLimiter {
  /** `retryAfter` is in whole seconds. */
  hit(client: string, now?: number): { allowed: true } | { allowed: false; retryAfter: number };
}

/**
 * Sliding one-minute window per client, in this process's memory. `limit` 0 disables it. Old entries are
 * swept as they are touched, and the map is bounded so a flood of spoofed clients cannot exhaust memory.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly maxClients = 50_000,
  ) {}

  hit(client: string, now = Date.now()): { allowed: true } | { allowed: false; retryAfter: number } {
    if (this.limit === 0) return { allowed: true };
    const recent = (this.hits.get(client) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(client, recent);
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.delete(client);
    this.hits.set(client, recent);
    if (this.hits.size > this.maxClients) this.hits.delete(this.hits.keys().next().value!);
    return { allowed: true };
  }
}
