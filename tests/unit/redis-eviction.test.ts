import { describe, expect, it } from "vitest";
import { evictionWarnings, parseRedisInfo } from "@/lib/redis/eviction-policy";

const info = (policy: string, runId: string) =>
  `# Server\r\nredis_version:7.0.15\r\nrun_id:${runId}\r\ntcp_port:6379\r\n\r\n# Memory\r\nused_memory:1000\r\nmaxmemory:25165824\r\nmaxmemory_policy:${policy}\r\n`;

describe("how each Redis frees memory, warned about at start", () => {
  it("reads the policy and the server's run id from INFO", () => {
    expect(parseRedisInfo(info("allkeys-lru", "abc123"))).toEqual({ policy: "allkeys-lru", runId: "abc123" });
    expect(parseRedisInfo("")).toEqual({ policy: undefined, runId: undefined });
  });

  it("names a records Redis that may evict (any policy but noeviction), a page cache that never does, and one server for both", () => {
    const events = (...args: Parameters<typeof evictionWarnings>) => evictionWarnings(...args).map((w) => w.event);
    const pages = parseRedisInfo(info("allkeys-lru", "pages"));
    expect(events(parseRedisInfo(info("noeviction", "records")), pages)).toEqual([]);
    for (const policy of ["allkeys-lru", "volatile-lru", "volatile-ttl", "allkeys-random", "volatile-lfu"])
      expect(events(parseRedisInfo(info(policy, "records")), pages), policy).toEqual(["redis.evicts_records"]);
    expect(events(undefined, parseRedisInfo(info("noeviction", "pages")))).toEqual(["redis.page_cache_not_evicting"]);
    expect(events(parseRedisInfo(info("noeviction", "same")), parseRedisInfo(info("allkeys-lru", "same")))).toEqual([
      "redis.shared_by_page_cache",
    ]);
    // What could not be read is not warned about.
    expect(events({}, {})).toEqual([]);
  });
});
