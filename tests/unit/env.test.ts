import { afterEach, describe, expect, it, vi } from "vitest";
import {
  buildSiteUrl,
  clientIpHeader,
  contactRateLimits,
  contentBackend,
  leadsBackend,
  logLevel,
  ownHostHeader,
  productionRefusal,
  productionWarnings,
  readServerEnv,
  requestIdHeader,
  salesRecipients,
  tracingEnabled,
} from "@/lib/env/env";
import { commonHeaders } from "@/lib/security-headers";
import { createProofChallenge } from "@/lib/proof-of-work/proof-challenge";
import { PROOF_MAX_NUMBER } from "@/lib/proof-of-work/proof-settings";
import { solveProof } from "../../scripts/lib/solve-proof";

afterEach(() => vi.unstubAllEnvs());

const STRONG = "0123456789abcdef0123456789abcdef";
const REDIS = "rediss://default:a-password@redis.example:6379";
/** Supabase's secret keys look like this (sb_secret_ and a random part). */
const SECRET_KEY = "sb_secret_0123456789abcdefABCDEF";

describe("environment", () => {
  it("selects the embedded defaults when nothing is configured", () => {
    vi.stubEnv("NEXT_PUBLIC_SANITY_PROJECT_ID", "");
    vi.stubEnv("NEXT_PUBLIC_SANITY_DATASET", "");
    const env = readServerEnv({ CONTACT_PROOF_SECRET: STRONG });
    expect(contentBackend(env)).toBe("embedded");
    expect(leadsBackend(env)).toBe("embedded");
    expect(env.CONTACT_RATE_LIMIT_PER_MINUTE).toBe(5);
    expect(env.NEXT_PUBLIC_SITE_URL).toBe("http://localhost:3000");
  });

  it("selects the real services when they are configured", () => {
    vi.stubEnv("NEXT_PUBLIC_SANITY_PROJECT_ID", "abc123");
    vi.stubEnv("NEXT_PUBLIC_SANITY_DATASET", "production");
    const env = readServerEnv({
      CONTACT_PROOF_SECRET: STRONG,
      SUPABASE_URL: "https://xyz.supabase.co",
      SUPABASE_ANON_KEY: "anon",
    });
    expect(contentBackend(env)).toBe("sanity");
    expect(leadsBackend(env)).toBe("supabase");
  });

  it("fails naming the missing variable of a half-configured service", () => {
    vi.stubEnv("NEXT_PUBLIC_SANITY_PROJECT_ID", "abc123");
    vi.stubEnv("NEXT_PUBLIC_SANITY_DATASET", "");
    expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG })).toThrow(
      /NEXT_PUBLIC_SANITY_DATASET: is required when NEXT_PUBLIC_SANITY_PROJECT_ID is set/,
    );
    vi.stubEnv("NEXT_PUBLIC_SANITY_DATASET", "production");
    expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, SUPABASE_URL: "https://xyz.supabase.co" })).toThrow(
      /SUPABASE_ANON_KEY/,
    );
    expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, SUPABASE_ANON_KEY: "anon" })).toThrow(/SUPABASE_URL/);
  });

  it("rejects malformed values with the variable's name", () => {
    expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, CONTACT_RATE_LIMIT_PER_MINUTE: "-1" })).toThrow(
      /CONTACT_RATE_LIMIT_PER_MINUTE/,
    );
    expect(() =>
      readServerEnv({ CONTACT_PROOF_SECRET: STRONG, SUPABASE_URL: "not a url", SUPABASE_ANON_KEY: "k" }),
    ).toThrow(/SUPABASE_URL/);
  });

  it("refuses a production server that would fall back to the embedded store or an unkeyed rate limit, in one line", () => {
    const refusal = productionRefusal(readServerEnv({ CONTACT_PROOF_SECRET: STRONG }));
    expect(refusal).toMatch(/SUPABASE_URL/);
    expect(refusal).toMatch(/SUPABASE_ANON_KEY/);
    expect(refusal).toMatch(/LEADS_STORE=embedded/);
    expect(refusal).toMatch(/CLIENT_IP_HEADER/);
    expect(refusal).toMatch(/CONTACT_RATE_LIMIT_PER_MINUTE=0/);
    expect(refusal).not.toMatch(/\n/);

    const supabase = {
      SUPABASE_URL: "https://xyz.supabase.co",
      SUPABASE_ANON_KEY: "anon",
      SUPABASE_SECRET_KEY: SECRET_KEY,
      CONVERSION_SIGNING_SECRET: STRONG,
    };
    expect(
      productionRefusal(readServerEnv({ CONTACT_PROOF_SECRET: STRONG, ...supabase, CLIENT_IP_HEADER: "X-Real-IP" })),
    ).toBeUndefined();
    expect(
      productionRefusal(
        readServerEnv({ CONTACT_PROOF_SECRET: STRONG, LEADS_STORE: "embedded", CONTACT_RATE_LIMIT_PER_MINUTE: "0" }),
      ),
    ).toBeUndefined();
    expect(productionRefusal(readServerEnv({ CONTACT_PROOF_SECRET: STRONG, ...supabase }))).not.toMatch(/LEADS_STORE/);
    // Vercel's own header is known, so the platform needs no CLIENT_IP_HEADER (it needs a shared store: below).
    expect(
      productionRefusal(readServerEnv({ CONTACT_PROOF_SECRET: STRONG, ...supabase, VERCEL: "1", REDIS_URL: REDIS })),
    ).toBeUndefined();
  });

  it("refuses a production server counting visits on Supabase without the server's own key, naming it", () => {
    const supabase = {
      CONTACT_PROOF_SECRET: STRONG,
      SUPABASE_URL: "https://xyz.supabase.co",
      SUPABASE_ANON_KEY: "anon",
      CONVERSION_SIGNING_SECRET: STRONG,
      CLIENT_IP_HEADER: "x-real-ip",
    };
    const refusal = productionRefusal(readServerEnv(supabase));
    expect(refusal).toMatch(/counting visits needs SUPABASE_SECRET_KEY.*or COUNT_VISITS=off/);
    expect(productionRefusal(readServerEnv({ ...supabase, COUNT_VISITS: "off" }))).toBeUndefined();
    expect(productionRefusal(readServerEnv({ ...supabase, SUPABASE_SECRET_KEY: SECRET_KEY }))).toBeUndefined();
    // The embedded store needs none: its counts are in the same database, under the server's role.
    expect(
      productionRefusal(
        readServerEnv({ CONTACT_PROOF_SECRET: STRONG, LEADS_STORE: "embedded", CLIENT_IP_HEADER: "x" }),
      ),
    ).toBeUndefined();
    expect(() => readServerEnv({ ...supabase, SUPABASE_SECRET_KEY: "anon" })).toThrow(
      /SUPABASE_SECRET_KEY: equals SUPABASE_ANON_KEY/,
    );
    expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, SUPABASE_SECRET_KEY: SECRET_KEY })).toThrow(
      /SUPABASE_SECRET_KEY: is set but SUPABASE_URL is not/,
    );
    expect(() => readServerEnv({ ...supabase, COUNT_VISITS: "no" })).toThrow(/COUNT_VISITS: must be off/);
  });

  it("refuses a production server whose secrets are under 32 characters, naming each", () => {
    const base = { LEADS_STORE: "embedded", CLIENT_IP_HEADER: "x-real-ip" };
    const refusal = productionRefusal(
      readServerEnv({
        CONTACT_PROOF_SECRET: STRONG,
        ...base,
        DRAFT_MODE_SECRET: "e2e-draft-secret",
        SANITY_REVALIDATE_SECRET: "x".repeat(31),
        RESULTS_READ_TOKEN: "results",
      }),
    );
    expect(refusal).toMatch(/DRAFT_MODE_SECRET is 16 characters, and a secret needs at least 32/);
    expect(refusal).toMatch(/SANITY_REVALIDATE_SECRET is 31 characters/);
    expect(refusal).toMatch(/RESULTS_READ_TOKEN is 7 characters/);
    expect(refusal).not.toMatch(/e2e-draft-secret|xxxx/);
    expect(refusal).not.toMatch(/\n/);
    expect(
      productionRefusal(
        readServerEnv({
          CONTACT_PROOF_SECRET: STRONG,
          ...base,
          DRAFT_MODE_SECRET: STRONG,
          SANITY_REVALIDATE_SECRET: "x".repeat(32),
        }),
      ),
    ).toBeUndefined();
  });

  it("refuses a production server without CONTACT_PROOF_SECRET, or with a short one, unless CONTACT_PROOF=off says so", () => {
    const base = { LEADS_STORE: "embedded", CLIENT_IP_HEADER: "x-real-ip" };
    expect(productionRefusal(readServerEnv(base))).toMatch(/proof of work needs CONTACT_PROOF_SECRET/);
    expect(productionRefusal(readServerEnv({ ...base, CONTACT_PROOF_SECRET: "short" }))).toMatch(
      /CONTACT_PROOF_SECRET is 5 characters/,
    );
    expect(productionRefusal(readServerEnv({ ...base, CONTACT_PROOF: "off" }))).toBeUndefined();
    expect(() => readServerEnv({ ...base, CONTACT_PROOF: "false" })).toThrow(/CONTACT_PROOF/);
  });

  it("takes the proof's difficulty from CONTACT_PROOF_MAX_NUMBER, 1,000 to 5,000,000, and refuses another naming it", async () => {
    expect(readServerEnv({}).CONTACT_PROOF_MAX_NUMBER).toBe(PROOF_MAX_NUMBER);
    expect(readServerEnv({ CONTACT_PROOF_MAX_NUMBER: "200000" }).CONTACT_PROOF_MAX_NUMBER).toBe(200_000);
    for (const value of ["999", "5000001", "1e3.5", "lots"])
      expect(() => readServerEnv({ CONTACT_PROOF_MAX_NUMBER: value }), value).toThrow(/CONTACT_PROOF_MAX_NUMBER/);
    // A challenge made with it has its number no higher: the browser searches no further.
    const challenge = await createProofChallenge({ secret: STRONG, site: "https://pagos.example", maxNumber: 1_000 });
    expect(challenge.maxnumber).toBe(1_000);
    expect(solveProof(challenge)).toBeTruthy();
  });

  it("refuses a production server reporting to Supabase without the conversion signing secret, or with a short one", () => {
    const supabase = {
      SUPABASE_URL: "https://xyz.supabase.co",
      SUPABASE_ANON_KEY: "anon",
      SUPABASE_SECRET_KEY: SECRET_KEY,
      CLIENT_IP_HEADER: "x-real-ip",
    };
    expect(productionRefusal(readServerEnv(supabase))).toMatch(
      /CONVERSION_SIGNING_SECRET, the secret the meta-conversion function checks/,
    );
    expect(
      productionRefusal(
        readServerEnv({ CONTACT_PROOF_SECRET: STRONG, ...supabase, CONVERSION_SIGNING_SECRET: "short" }),
      ),
    ).toMatch(/CONVERSION_SIGNING_SECRET is 5 characters/);
    // The embedded store reports to a local log: nothing to sign.
    expect(
      productionRefusal(
        readServerEnv({ CONTACT_PROOF_SECRET: STRONG, LEADS_STORE: "embedded", CLIENT_IP_HEADER: "x-real-ip" }),
      ),
    ).toBeUndefined();
  });

  it("refuses a production Redis without a password unless REDIS_ALLOW_PLAINTEXT=1 says it is on a private network", () => {
    const supabase = {
      SUPABASE_URL: "https://xyz.supabase.co",
      SUPABASE_ANON_KEY: "anon",
      SUPABASE_SECRET_KEY: SECRET_KEY,
      CONVERSION_SIGNING_SECRET: STRONG,
      CLIENT_IP_HEADER: "x-real-ip",
    };
    for (const url of ["redis://10.0.0.5:6379", "rediss://redis.internal:6380", "redis://default@10.0.0.5:6379"]) {
      const refusal = productionRefusal(readServerEnv({ CONTACT_PROOF_SECRET: STRONG, ...supabase, REDIS_URL: url }));
      expect(refusal, url).toMatch(/REDIS_URL has no password/);
      expect(refusal, url).toMatch(/REDIS_ALLOW_PLAINTEXT=1/);
      expect(
        productionRefusal(
          readServerEnv({ CONTACT_PROOF_SECRET: STRONG, ...supabase, REDIS_URL: url, REDIS_ALLOW_PLAINTEXT: "1" }),
        ),
        url,
      ).toBeUndefined();
    }
    expect(
      productionRefusal(
        readServerEnv({
          CONTACT_PROOF_SECRET: STRONG,
          ...supabase,
          REDIS_URL: "rediss://default:s3cret@eu1.upstash.io:6379",
        }),
      ),
    ).toBeUndefined();
    expect(() => readServerEnv({ REDIS_ALLOW_PLAINTEXT: "perhaps" })).toThrow(/REDIS_ALLOW_PLAINTEXT/);
  });

  it("refuses a production redis:// off this machine, which sends the password and the cached pages in clear", () => {
    const supabase = {
      CONTACT_PROOF_SECRET: STRONG,
      SUPABASE_URL: "https://xyz.supabase.co",
      SUPABASE_ANON_KEY: "anon",
      SUPABASE_SECRET_KEY: SECRET_KEY,
      CONVERSION_SIGNING_SECRET: STRONG,
      CLIENT_IP_HEADER: "x-real-ip",
    };
    for (const url of ["redis://:s3cret@10.0.0.5:6379", "redis://default:s3cret@redis.example.com:6379"]) {
      const refusal = productionRefusal(readServerEnv({ ...supabase, REDIS_URL: url }));
      expect(refusal, url).toMatch(/REDIS_URL is redis:\/\/ to another machine.*rediss:\/\/.*REDIS_ALLOW_PLAINTEXT=1/);
      expect(refusal, url).not.toContain("s3cret");
      // A private network the operator vouches for: no TLS, and the password optional.
      expect(
        productionRefusal(readServerEnv({ ...supabase, REDIS_URL: url, REDIS_ALLOW_PLAINTEXT: "1" })),
        url,
      ).toBeUndefined();
    }
    for (const url of [
      "rediss://default:s3cret@eu1.upstash.io:6379",
      "redis://:s3cret@127.0.0.1:6379",
      "redis://:s3cret@localhost:6379",
      "redis://:s3cret@[::1]:6379",
    ])
      expect(productionRefusal(readServerEnv({ ...supabase, REDIS_URL: url })), url).toBeUndefined();
  });

  it("keeps the page cache out of the records' Redis: its own URL, needed with PAGE_CACHE=redis, on another server", () => {
    const base = {
      CONTACT_PROOF_SECRET: STRONG,
      SUPABASE_URL: "https://xyz.supabase.co",
      SUPABASE_ANON_KEY: "anon",
      CONVERSION_SIGNING_SECRET: STRONG,
      CLIENT_IP_HEADER: "x-real-ip",
      REDIS_URL: "rediss://default:s3cret@records.example.com:6379",
      COUNT_VISITS: "off",
    };
    const pages = "rediss://default:0ther@pages.example.com:6379";
    expect(productionRefusal(readServerEnv({ ...base, PAGE_CACHE: "redis", PAGE_CACHE_REDIS_URL: pages }))).toBe(
      undefined,
    );
    // Only a build with PAGE_CACHE=redis has the handler that would use the URL: any server refuses it alone.
    expect(() => readServerEnv({ ...base, PAGE_CACHE_REDIS_URL: pages })).toThrow(
      /PAGE_CACHE_REDIS_URL: is set but PAGE_CACHE is not redis/,
    );
    expect(() => readServerEnv({ PAGE_CACHE: "memcached" })).toThrow(/PAGE_CACHE: must be redis, or unset/);
    expect(productionRefusal(readServerEnv({ ...base, PAGE_CACHE: "redis" }))).toMatch(
      /PAGE_CACHE=redis .*PAGE_CACHE_REDIS_URL is unset/,
    );
    // The same server, whatever the database number, credentials or case of the host name.
    for (const same of [
      "rediss://default:s3cret@records.example.com:6379/1",
      "rediss://other:pw@RECORDS.example.com",
      "rediss://:pw@records.example.com:6379/15",
    ]) {
      const refusal = productionRefusal(readServerEnv({ ...base, PAGE_CACHE: "redis", PAGE_CACHE_REDIS_URL: same }));
      expect(refusal, same).toMatch(/PAGE_CACHE_REDIS_URL and REDIS_URL name the same Redis server/);
      expect(refusal, same).not.toContain("s3cret");
    }
    // The rules of REDIS_URL hold for the page cache's Redis too: whoever writes there changes every page served.
    expect(
      productionRefusal(
        readServerEnv({ ...base, PAGE_CACHE: "redis", PAGE_CACHE_REDIS_URL: "redis://:pw@pages.example.com:6379" }),
      ),
    ).toMatch(/PAGE_CACHE_REDIS_URL is redis:\/\/ to another machine/);
    expect(
      productionRefusal(
        readServerEnv({ ...base, PAGE_CACHE: "redis", PAGE_CACHE_REDIS_URL: "rediss://pages.example.com:6379" }),
      ),
    ).toMatch(/PAGE_CACHE_REDIS_URL has no password/);
  });

  it("refuses equal webhook and conversion secrets, naming both: the CRM could sign calls to meta-conversion", () => {
    const same = {
      SUPABASE_URL: "https://xyz.supabase.co",
      SUPABASE_ANON_KEY: "anon",
      CONVERSION_SIGNING_SECRET: STRONG,
      LEAD_WEBHOOK_URL: "https://crm.example/hooks/leads",
      LEAD_WEBHOOK_SECRET: STRONG,
    };
    expect(() => readServerEnv(same)).toThrow(/LEAD_WEBHOOK_SECRET.*CONVERSION_SIGNING_SECRET/);
    expect(() => readServerEnv(same)).not.toThrow(new RegExp(STRONG));
    expect(() => readServerEnv({ ...same, LEAD_WEBHOOK_SECRET: `${STRONG}x` })).not.toThrow();
  });

  it("counts a forwarded host as the site's own only when the operator names its header (development: Host)", () => {
    expect(
      ownHostHeader(readServerEnv({ CONTACT_PROOF_SECRET: STRONG, FORWARDED_HOST_HEADER: "X-Forwarded-Host" })),
    ).toBe("x-forwarded-host");
    vi.stubEnv("NODE_ENV", "production");
    expect(ownHostHeader(readServerEnv({ CONTACT_PROOF_SECRET: STRONG }))).toBeUndefined();
    vi.stubEnv("NODE_ENV", "development");
    expect(ownHostHeader(readServerEnv({ CONTACT_PROOF_SECRET: STRONG }))).toBe("host");
    expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, FORWARDED_HOST_HEADER: "x forwarded host" })).toThrow(
      /FORWARDED_HOST_HEADER/,
    );
  });

  it("limits each IPv6 /48 to 4 × the per-client limit unless told otherwise, and all clients to a global ceiling", () => {
    expect(contactRateLimits(readServerEnv({ CONTACT_PROOF_SECRET: STRONG }))).toEqual({
      perClient: 5,
      perNetwork: 20,
      global: 100,
    });
    expect(
      contactRateLimits(readServerEnv({ CONTACT_PROOF_SECRET: STRONG, CONTACT_RATE_LIMIT_PER_MINUTE: "3" })),
    ).toEqual({
      perClient: 3,
      perNetwork: 12,
      global: 100,
    });
    expect(
      contactRateLimits(
        readServerEnv({
          CONTACT_PROOF_SECRET: STRONG,
          CONTACT_RATE_LIMIT_IPV6_48_PER_MINUTE: "50",
          CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE: "0",
        }),
      ),
    ).toEqual({ perClient: 5, perNetwork: 50, global: 0 });
    // 0 turns off the limits per client only: the ceiling needs no client address, and holds unless set to 0 itself.
    expect(
      contactRateLimits(readServerEnv({ CONTACT_PROOF_SECRET: STRONG, CONTACT_RATE_LIMIT_PER_MINUTE: "0" })),
    ).toEqual({
      perClient: 0,
      perNetwork: 0,
      global: 100,
    });
    expect(
      contactRateLimits(
        readServerEnv({
          CONTACT_PROOF_SECRET: STRONG,
          CONTACT_RATE_LIMIT_PER_MINUTE: "0",
          CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE: "30",
        }),
      ),
    ).toEqual({ perClient: 0, perNetwork: 0, global: 30 });
    expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE: "-1" })).toThrow(
      /CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE/,
    );
  });

  describe("every documented bound, in every documented deployment", () => {
    const supabase = {
      CONTACT_PROOF_SECRET: STRONG,
      SUPABASE_URL: "https://abc.supabase.co",
      SUPABASE_ANON_KEY: "anon",
      SUPABASE_SECRET_KEY: SECRET_KEY,
      CONVERSION_SIGNING_SECRET: STRONG,
      CLIENT_IP_HEADER: "x-real-ip",
    };
    const events = (env: Record<string, string>) => productionWarnings(readServerEnv(env)).map((w) => w.event);

    it("without a per-client limit, the global ceiling and the hourly cap on held leads still hold, and the start says so", () => {
      const env = readServerEnv({ ...supabase, REDIS_URL: REDIS, CONTACT_RATE_LIMIT_PER_MINUTE: "0" });
      expect(contactRateLimits(env).global).toBe(100);
      const [warning, ...others] = productionWarnings(env);
      expect(others).toEqual([]);
      expect(warning).toEqual({
        event: "rate_limit.client_off",
        message: expect.stringMatching(
          /CONTACT_RATE_LIMIT_PER_MINUTE=0: .*the global ceiling \(100 proven leads a minute\) and the hourly cap on held leads \(100\) still apply/,
        ),
      });
      // Turning the ceiling off too is said, naming its variable.
      expect(events({ ...supabase, REDIS_URL: REDIS, CONTACT_RATE_LIMIT_GLOBAL_PER_MINUTE: "0" })).toEqual([
        "rate_limit.global_off",
      ]);
      expect(events({ ...supabase, REDIS_URL: REDIS })).toEqual([]);
    });

    it("on Vercel (many instances) refuses to start without REDIS_URL, naming it", () => {
      const vercel = { ...supabase, CLIENT_IP_HEADER: "", VERCEL: "1" };
      expect(productionRefusal(readServerEnv(vercel))).toMatch(/on Vercel .*spent proofs.*set REDIS_URL/);
      expect(productionRefusal(readServerEnv({ ...vercel, REDIS_URL: REDIS }))).toBeUndefined();
      expect(events({ ...vercel, REDIS_URL: REDIS })).toEqual([]);
    });

    it("elsewhere, without REDIS_URL, says at start which bounds live in this process only", () => {
      for (const env of [
        supabase,
        { CONTACT_PROOF_SECRET: STRONG, LEADS_STORE: "embedded", CLIENT_IP_HEADER: "x-real-ip" },
      ]) {
        expect(productionRefusal(readServerEnv(env))).toBeUndefined();
        const [warning] = productionWarnings(readServerEnv(env));
        expect(warning).toEqual({
          event: "shared_store.missing",
          message: expect.stringMatching(
            /REDIS_URL is unset: spent proofs, the rate limits, the hourly cap on held leads/,
          ),
        });
      }
    });

    it("refuses confirmation emails whose caps would not outlive a restart or hold across instances: they need REDIS_URL", () => {
      const email = {
        SMTP_URL: "smtps://user:pass@smtp.example.com:465",
        SALES_EMAIL_FROM: "alertas@puente.example",
        SALES_EMAIL_TO: "ventas@puente.example",
        LEAD_EMAIL_FROM: "hola@puente.example",
      };
      expect(productionRefusal(readServerEnv({ ...supabase, ...email }))).toMatch(
        /LEAD_EMAIL_FROM .*3 a day to a mailbox, LEAD_EMAIL_PER_HOUR.*set REDIS_URL, or unset LEAD_EMAIL_FROM/,
      );
      expect(productionRefusal(readServerEnv({ ...supabase, ...email, REDIS_URL: REDIS }))).toBeUndefined();
      // No confirmation without the proof, so nothing to cap.
      expect(
        productionRefusal(readServerEnv({ ...supabase, ...email, CONTACT_PROOF: "off", CONTACT_PROOF_SECRET: "" })),
      ).toBeUndefined();
    });
  });

  it("reads the client-address header the operator names, or the platform's", () => {
    expect(clientIpHeader(readServerEnv({ CONTACT_PROOF_SECRET: STRONG, CLIENT_IP_HEADER: "CF-Connecting-IP" }))).toBe(
      "cf-connecting-ip",
    );
    expect(clientIpHeader(readServerEnv({ CONTACT_PROOF_SECRET: STRONG, VERCEL: "1" }))).toBe("x-real-ip");
    expect(clientIpHeader(readServerEnv({ CONTACT_PROOF_SECRET: STRONG }))).toBeUndefined();
    expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, CLIENT_IP_HEADER: "x real ip" })).toThrow(
      /CLIENT_IP_HEADER/,
    );
  });

  it("reads the operations settings: log level, the platform's request id header, and tracing only with an endpoint", () => {
    const none = readServerEnv({ CONTACT_PROOF_SECRET: STRONG });
    expect([none.LOG_LEVEL, requestIdHeader(none), tracingEnabled(none), none.OTEL_SERVICE_NAME]).toEqual([
      "info",
      undefined,
      false,
      "puente-pagos-site",
    ]);
    expect(requestIdHeader(readServerEnv({ CONTACT_PROOF_SECRET: STRONG, REQUEST_ID_HEADER: "Fly-Request-Id" }))).toBe(
      "fly-request-id",
    );
    expect(requestIdHeader(readServerEnv({ CONTACT_PROOF_SECRET: STRONG, VERCEL: "1" }))).toBe("x-vercel-id");
    expect(
      tracingEnabled(
        readServerEnv({ CONTACT_PROOF_SECRET: STRONG, OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }),
      ),
    ).toBe(true);
    expect(
      tracingEnabled(
        readServerEnv({
          CONTACT_PROOF_SECRET: STRONG,
          OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "https://api.vendor.example/v1/traces",
        }),
      ),
    ).toBe(true);
    expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, REQUEST_ID_HEADER: "x request id" })).toThrow(
      /REQUEST_ID_HEADER/,
    );
    expect(() =>
      readServerEnv({ CONTACT_PROOF_SECRET: STRONG, OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318 " }),
    ).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    // The logger reads its level before the environment is checked: an invalid one is info until the check stops the
    // server.
    expect([logLevel({ LOG_LEVEL: "warn" }), logLevel({ LOG_LEVEL: "loud" }), logLevel({})]).toEqual([
      "warn",
      "info",
      "info",
    ]);
  });

  it("takes the embedded opt-in only on its own", () => {
    expect(leadsBackend(readServerEnv({ CONTACT_PROOF_SECRET: STRONG, LEADS_STORE: "embedded" }))).toBe("embedded");
    expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, LEADS_STORE: "supabase" })).toThrow(/LEADS_STORE/);
    expect(() =>
      readServerEnv({
        CONTACT_PROOF_SECRET: STRONG,
        LEADS_STORE: "embedded",
        SUPABASE_URL: "https://xyz.supabase.co",
        SUPABASE_ANON_KEY: "k",
      }),
    ).toThrow(/LEADS_STORE: is embedded but SUPABASE_URL is set/);
  });

  it("needs a site URL for a production build, derived from Vercel's production domain when unset", () => {
    expect(() => buildSiteUrl({})).toThrow(/NEXT_PUBLIC_SITE_URL/);
    expect(buildSiteUrl({ NEXT_PUBLIC_SITE_URL: "https://pagos.example" })).toBe("https://pagos.example");
    expect(buildSiteUrl({ VERCEL_PROJECT_PRODUCTION_URL: "pagos.example" })).toBe("https://pagos.example");
    expect(
      buildSiteUrl({
        NEXT_PUBLIC_SITE_URL: "https://pagos.example",
        VERCEL_PROJECT_PRODUCTION_URL: "other.vercel.app",
      }),
    ).toBe("https://pagos.example");
  });

  it("sends HSTS for this host only unless includeSubDomains and preload are opted into", () => {
    const hsts = (source: Record<string, string>) => {
      const env = readServerEnv(source);
      return commonHeaders({ includeSubDomains: env.HSTS_INCLUDE_SUBDOMAINS, preload: env.HSTS_PRELOAD }).find(
        (h) => h.key === "Strict-Transport-Security",
      )?.value;
    };
    expect(hsts({})).toBe("max-age=63072000");
    expect(hsts({ HSTS_INCLUDE_SUBDOMAINS: "true" })).toBe("max-age=63072000; includeSubDomains");
    expect(hsts({ HSTS_INCLUDE_SUBDOMAINS: "true", HSTS_PRELOAD: "true" })).toBe(
      "max-age=63072000; includeSubDomains; preload",
    );
    expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, HSTS_PRELOAD: "true" })).toThrow(
      /HSTS_PRELOAD: needs HSTS_INCLUDE_SUBDOMAINS/,
    );
    expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, HSTS_PRELOAD: "maybe" })).toThrow(/HSTS_PRELOAD/);
  });

  it("takes a redis:// or rediss:// REDIS_URL, and refuses it with the embedded leads store, naming the variables", () => {
    const supabase = { SUPABASE_URL: "https://xyz.supabase.co", SUPABASE_ANON_KEY: "anon" };
    expect(
      readServerEnv({
        CONTACT_PROOF_SECRET: STRONG,
        ...supabase,
        REDIS_URL: "rediss://default:secret@eu1.upstash.io:6379",
      }).REDIS_URL,
    ).toBe("rediss://default:secret@eu1.upstash.io:6379");
    expect(
      readServerEnv({ CONTACT_PROOF_SECRET: STRONG, ...supabase, REDIS_URL: "redis://127.0.0.1:6379" }).REDIS_URL,
    ).toBe("redis://127.0.0.1:6379");
    expect(() =>
      readServerEnv({ CONTACT_PROOF_SECRET: STRONG, ...supabase, REDIS_URL: "http://127.0.0.1:6379" }),
    ).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, REDIS_URL: "redis://127.0.0.1:6379" })).toThrow(
      /REDIS_URL: .*set SUPABASE_URL and SUPABASE_ANON_KEY/,
    );
    expect(readServerEnv({ CONTACT_PROOF_SECRET: STRONG }).REDIS_URL).toBeUndefined();
  });

  describe("sales alerts", () => {
    const SMTP = {
      SMTP_URL: "smtps://alertas:pw@smtp.example.com:465",
      SALES_EMAIL_FROM: "Puente Pagos <alertas@puente.example>",
    };
    const production = { LEADS_STORE: "embedded", CLIENT_IP_HEADER: "x-real-ip" };

    it("takes a full configuration, with a market's own recipients before SALES_EMAIL_TO", () => {
      const env = readServerEnv({
        CONTACT_PROOF_SECRET: STRONG,
        ...SMTP,
        SALES_EMAIL_TO: " ventas@puente.example ,  direccion@puente.example",
        SALES_EMAIL_TO_BR: "vendas@puente.example",
        LEAD_WEBHOOK_URL: "https://hooks.example/leads",
        LEAD_WEBHOOK_SECRET: STRONG,
      });
      expect(salesRecipients(env, "mx")).toEqual(["ventas@puente.example", "direccion@puente.example"]);
      expect(salesRecipients(env, "ar")).toEqual(["ventas@puente.example", "direccion@puente.example"]);
      expect(salesRecipients(env, "br")).toEqual(["vendas@puente.example"]);
      expect(
        productionRefusal(
          readServerEnv({
            CONTACT_PROOF_SECRET: STRONG,
            ...production,
            ...SMTP,
            SALES_EMAIL_TO_MX: "a@puente.example",
            SALES_EMAIL_TO_BR: "b@puente.example",
            SALES_EMAIL_TO_AR: "c@puente.example",
          }),
        ),
      ).toBeUndefined();
      // Nothing configured: the email goes to the log (a local sink), in production too.
      expect(productionRefusal(readServerEnv({ CONTACT_PROOF_SECRET: STRONG, ...production }))).toBeUndefined();
    });

    it("refuses an SMTP server with nobody to send to, naming SALES_EMAIL_TO and the markets left out", () => {
      expect(() => readServerEnv(SMTP)).toThrow(
        /SALES_EMAIL_TO: is required when SMTP_URL is set: nobody would get the leads of mx, br, ar/,
      );
      expect(() =>
        readServerEnv({ CONTACT_PROOF_SECRET: STRONG, ...SMTP, SALES_EMAIL_TO_MX: "ventas@puente.example" }),
      ).toThrow(
        /SALES_EMAIL_TO: .*nobody would get the leads of br, ar \(or set SALES_EMAIL_TO_BR, SALES_EMAIL_TO_AR\)/,
      );
    });

    it("refuses an SMTP server without a sender, and recipients or a sender without an SMTP server", () => {
      expect(() =>
        readServerEnv({
          CONTACT_PROOF_SECRET: STRONG,
          SMTP_URL: SMTP.SMTP_URL,
          SALES_EMAIL_TO: "ventas@puente.example",
        }),
      ).toThrow(/SALES_EMAIL_FROM: is required when SMTP_URL is set/);
      expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, SALES_EMAIL_TO: "ventas@puente.example" })).toThrow(
        /SMTP_URL: is required when SALES_EMAIL_TO is set/,
      );
      expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, SALES_EMAIL_TO_AR: "ventas@puente.example" })).toThrow(
        /SMTP_URL: is required when SALES_EMAIL_TO_AR is set/,
      );
      expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, SALES_EMAIL_FROM: SMTP.SALES_EMAIL_FROM })).toThrow(
        /SMTP_URL: is required when SALES_EMAIL_FROM is set/,
      );
    });

    it("refuses malformed alert variables, naming each", () => {
      const to = { SALES_EMAIL_TO: "ventas@puente.example" };
      expect(() =>
        readServerEnv({ CONTACT_PROOF_SECRET: STRONG, ...SMTP, ...to, SMTP_URL: "https://smtp.example.com" }),
      ).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
      expect(() =>
        readServerEnv({ CONTACT_PROOF_SECRET: STRONG, ...SMTP, SALES_EMAIL_TO: "ventas@puente.example; otro" }),
      ).toThrow(/SALES_EMAIL_TO: must be email addresses separated by commas/);
      expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, ...SMTP, SALES_EMAIL_TO: " , " })).toThrow(
        /SALES_EMAIL_TO: must name at least one email address/,
      );
      expect(() =>
        readServerEnv({ CONTACT_PROOF_SECRET: STRONG, ...SMTP, ...to, SALES_EMAIL_FROM: "Puente Pagos" }),
      ).toThrow(/SALES_EMAIL_FROM: must be an email address, or a name and <address>/);
      expect(() =>
        readServerEnv({
          CONTACT_PROOF_SECRET: STRONG,
          LEAD_WEBHOOK_URL: "ftp://hooks.example",
          LEAD_WEBHOOK_SECRET: STRONG,
        }),
      ).toThrow(/LEAD_WEBHOOK_URL: must be an http:\/\/ or https:\/\/ URL/);
    });

    it("refuses the lead's confirmation sender without an SMTP server, a malformed one, and a zero hourly ceiling", () => {
      expect(() => readServerEnv({ LEAD_EMAIL_FROM: "Puente Pagos <hola@puente.example>" })).toThrow(
        /SMTP_URL: is required when LEAD_EMAIL_FROM is set/,
      );
      const to = { SALES_EMAIL_TO: "ventas@puente.example" };
      expect(() => readServerEnv({ ...SMTP, ...to, LEAD_EMAIL_FROM: "hola" })).toThrow(
        /LEAD_EMAIL_FROM: must be an email address, or a name and <address>/,
      );
      expect(() => readServerEnv({ ...SMTP, ...to, LEAD_EMAIL_PER_HOUR: "0" })).toThrow(/LEAD_EMAIL_PER_HOUR/);
      expect(readServerEnv({ ...SMTP, ...to }).LEAD_EMAIL_PER_HOUR).toBe(60);
    });

    it("refuses a webhook URL without its secret, and a secret without its URL", () => {
      expect(() =>
        readServerEnv({ CONTACT_PROOF_SECRET: STRONG, LEAD_WEBHOOK_URL: "https://hooks.example/leads" }),
      ).toThrow(/LEAD_WEBHOOK_SECRET: is required when LEAD_WEBHOOK_URL is set/);
      expect(() => readServerEnv({ CONTACT_PROOF_SECRET: STRONG, LEAD_WEBHOOK_SECRET: STRONG })).toThrow(
        /LEAD_WEBHOOK_URL: is required when LEAD_WEBHOOK_SECRET is set/,
      );
    });

    it("refuses a production server whose webhook secret is under 32 characters, or whose webhook is plain http off this machine", () => {
      const webhook = { ...production, LEAD_WEBHOOK_URL: "https://hooks.example/leads" };
      const refusal = productionRefusal(
        readServerEnv({ CONTACT_PROOF_SECRET: STRONG, ...webhook, LEAD_WEBHOOK_SECRET: "x".repeat(31) }),
      );
      expect(refusal).toMatch(/LEAD_WEBHOOK_SECRET is 31 characters, and a secret needs at least 32/);
      expect(refusal).not.toMatch(/xxxx/);
      expect(
        productionRefusal(readServerEnv({ CONTACT_PROOF_SECRET: STRONG, ...webhook, LEAD_WEBHOOK_SECRET: STRONG })),
      ).toBeUndefined();
      expect(
        productionRefusal(
          readServerEnv({
            CONTACT_PROOF_SECRET: STRONG,
            ...webhook,
            LEAD_WEBHOOK_URL: "http://hooks.example/leads",
            LEAD_WEBHOOK_SECRET: STRONG,
          }),
        ),
      ).toMatch(/LEAD_WEBHOOK_URL is http:\/\/, .*use an https:\/\/ URL/);
      expect(
        productionRefusal(
          readServerEnv({
            CONTACT_PROOF_SECRET: STRONG,
            ...webhook,
            LEAD_WEBHOOK_URL: "http://127.0.0.1:8080/leads",
            LEAD_WEBHOOK_SECRET: STRONG,
          }),
        ),
      ).toBeUndefined();
    });
  });
});

describe("the Studio beside a Meta pixel", () => {
  const production = {
    CONTACT_PROOF_SECRET: STRONG,
    SUPABASE_URL: "https://xyz.supabase.co",
    SUPABASE_ANON_KEY: "anon",
    SUPABASE_SECRET_KEY: SECRET_KEY,
    CONVERSION_SIGNING_SECRET: STRONG,
    CLIENT_IP_HEADER: "x-real-ip",
  };
  const withSanityAndPixel = () => {
    vi.stubEnv("NEXT_PUBLIC_SANITY_PROJECT_ID", "abc123");
    vi.stubEnv("NEXT_PUBLIC_SANITY_DATASET", "production");
    vi.stubEnv("NEXT_PUBLIC_META_PIXEL_ID", "1234567890");
    vi.stubEnv("NEXT_PUBLIC_SITE_URL", "https://pagos.example");
  };

  it("refuses a production server whose Studio would share the pixel's origin, naming both variables", () => {
    withSanityAndPixel();
    expect(productionRefusal(readServerEnv(production))).toMatch(/NEXT_PUBLIC_META_PIXEL_ID.*STUDIO_HOST/);
    expect(productionRefusal(readServerEnv({ ...production, STUDIO_HOST: "Studio.Pagos.Example" }))).toBeUndefined();
    expect(readServerEnv({ STUDIO_HOST: "Studio.Pagos.Example" }).STUDIO_HOST).toBe("studio.pagos.example");
    expect(productionRefusal(readServerEnv({ ...production, STUDIO_HOST: "pagos.example" }))).toMatch(
      /STUDIO_HOST is the host of NEXT_PUBLIC_SITE_URL/,
    );
    expect(() => readServerEnv({ STUDIO_HOST: "https://studio.pagos.example/" })).toThrow(/STUDIO_HOST/);
  });

  it("keeps the embedded Studio without a pixel", () => {
    withSanityAndPixel();
    vi.stubEnv("NEXT_PUBLIC_META_PIXEL_ID", "");
    expect(productionRefusal(readServerEnv(production))).toBeUndefined();
  });
});
