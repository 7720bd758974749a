import { afterEach, describe, expect, it, vi } from "vitest";
import { contentBackend, leadsBackend, readServerEnv } from "@/lib/env/env";

afterEach(() => vi.unstubAllEnvs());

describe("environment", () => {
  it("selects the embedded defaults when nothing is configured", () => {
    vi.stubEnv("NEXT_PUBLIC_SANITY_PROJECT_ID", "");
    vi.stubEnv("NEXT_PUBLIC_SANITY_DATASET", "");
    const env = readServerEnv({});
    expect(contentBackend(env)).toBe("embedded");
    expect(leadsBackend(env)).toBe("embedded");
    expect(env.CONTACT_RATE_LIMIT_PER_MINUTE).toBe(5);
    expect(env.NEXT_PUBLIC_SITE_URL).toBe("http://localhost:3000");
  });

  it("selects the real services when they are configured", () => {
    vi.stubEnv("NEXT_PUBLIC_SANITY_PROJECT_ID", "abc123");
    vi.stubEnv("NEXT_PUBLIC_SANITY_DATASET", "production");
    const env = readServerEnv({ SUPABASE_URL: "https://xyz.supabase.co", SUPABASE_ANON_KEY: "anon" });
    expect(contentBackend(env)).toBe("sanity");
    expect(leadsBackend(env)).toBe("supabase");
  });

  it("fails naming the missing variable of a half-configured service", () => {
    vi.stubEnv("NEXT_PUBLIC_SANITY_PROJECT_ID", "abc123");
    vi.stubEnv("NEXT_PUBLIC_SANITY_DATASET", "");
    expect(() => readServerEnv({})).toThrow(/NEXT_PUBLIC_SANITY_DATASET: is required when NEXT_PUBLIC_SANITY_PROJECT_ID is set/);
    vi.stubEnv("NEXT_PUBLIC_SANITY_DATASET", "production");
    expect(() => readServerEnv({ SUPABASE_URL: "https://xyz.supabase.co" })).toThrow(/SUPABASE_ANON_KEY/);
    expect(() => readServerEnv({ SUPABASE_ANON_KEY: "anon" })).toThrow(/SUPABASE_URL/);
  });

  it("rejects malformed values with the variable's name", () => {
    expect(() => readServerEnv({ CONTACT_RATE_LIMIT_PER_MINUTE: "-1" })).toThrow(/CONTACT_RATE_LIMIT_PER_MINUTE/);
    expect(() => readServerEnv({ SUPABASE_URL: "not a url", SUPABASE_ANON_KEY: "k" })).toThrow(/SUPABASE_URL/);
  });

  it("takes a redis:// or rediss:// REDIS_URL, and refuses it with the embedded leads store, naming the variables", () => {
    const supabase = { SUPABASE_URL: "https://xyz.supabase.co", SUPABASE_ANON_KEY: "anon" };
    expect(readServerEnv({ ...supabase, REDIS_URL: "rediss://default:secret@eu1.upstash.io:6379" }).REDIS_URL).toBe("rediss://default:secret@eu1.upstash.io:6379");
    expect(readServerEnv({ ...supabase, REDIS_URL: "redis://127.0.0.1:6379" }).REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(() => readServerEnv({ ...supabase, REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => readServerEnv({ REDIS_URL: "redis://127.0.0.1:6379" })).toThrow(/REDIS_URL: .*set SUPABASE_URL and SUPABASE_ANON_KEY/);
    expect(readServerEnv({}).REDIS_URL).toBeUndefined();
  });
});
