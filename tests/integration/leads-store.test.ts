import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sampleLead } from "../support/contact/sample-lead";
import { captureLogs } from "../support/telemetry/log-lines";

const holder = globalThis as { __leadsStore?: Promise<{ close?(): Promise<void> }> };

afterEach(async () => {
  await (await holder.__leadsStore?.catch(() => undefined))?.close?.();
  holder.__leadsStore = undefined;
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe("choosing where leads go", () => {
  it("uses Supabase when it is configured, one store per process", async () => {
    vi.stubEnv("SUPABASE_URL", "http://127.0.0.1:9");
    vi.stubEnv("SUPABASE_ANON_KEY", "k");
    const { getLeadsStore } = await import("@/lib/contact/leads-store");
    const { SupabaseLeadsStore } = await import("@/lib/contact/supabase-leads-store");
    const store = await getLeadsStore();
    expect(store).toBeInstanceOf(SupabaseLeadsStore);
    expect(await getLeadsStore()).toBe(store);
  });

  it("otherwise opens the embedded database in EMBEDDED_DB_DIR once, even when asked concurrently, and it keeps leads", async () => {
    const dir = mkdtempSync(join(tmpdir(), "leads-"));
    vi.stubEnv("SUPABASE_URL", "");
    vi.stubEnv("EMBEDDED_DB_DIR", dir);
    const { getLeadsStore } = await import("@/lib/contact/leads-store");
    const { PgliteLeadsStore } = await import("@/lib/contact/pglite-leads-store");
    const [a, b] = await Promise.all([getLeadsStore(), getLeadsStore()]);
    expect(a).toBe(b);
    expect(a).toBeInstanceOf(PgliteLeadsStore);
    const lead = sampleLead({
      id: "8d7f1f0e-5b7a-4c8e-9a43-1f2d3c4b5a69",
      company: "Acme",
      contact: "Ana",
      volume: "0-4999",
      attribution: {},
      consent: "granted",
      noticeVersion: "2026-11-23",
    });
    expect(await a.insert(lead)).toBe("stored");
    await a.close?.();
    // Reopened from disk, the lead is still there.
    const reopened = await PgliteLeadsStore.open(dir);
    expect(await reopened.insert(lead)).toBe("duplicate");
    await reopened.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers StoreUnavailableError when the store cannot be opened, and tries again next time", async () => {
    vi.stubEnv("SUPABASE_URL", "");
    vi.stubEnv("EMBEDDED_DB_DIR", "/proc/version/cannot-create");
    const { getLeadsStore } = await import("@/lib/contact/leads-store");
    const { StoreUnavailableError } = await import("@/lib/contact/leads-store-contract");
    await expect(getLeadsStore()).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(holder.__leadsStore).toBeUndefined();
  });
});

describe("conversion reporting in embedded mode", () => {
  it("logs one line to the local sink with what an operator checks, and nothing about the person, the company or the campaign", async () => {
    vi.stubEnv("SUPABASE_URL", "");
    const logs = captureLogs();
    const { reportLeadConversion } = await import("@/lib/meta/conversion-reporter");
    const page =
      "https://pagos.example/mx/empresas?utm_source=facebook&utm_campaign=cfo-ana&fbclid=IwAR0secret#contact-form";
    await reportLeadConversion(
      sampleLead({
        id: "8d7f1f0e-5b7a-4c8e-9a43-1f2d3c4b5a69",
        company: "Acme Importaciones",
        contact: "Ana",
        volume: "0-4999",
        attribution: {},
        consent: "granted",
        noticeVersion: "2026-11-23",
      }),
      { pageUrl: page, userAgent: "Mozilla/5.0 UA", ip: "203.0.113.9", fbc: "fb.1.1763860000000.IwAR0secret" },
    );
    logs.restore();
    expect(logs.lines).toHaveLength(1);
    expect(logs.lines[0]).toMatchObject({
      level: "info",
      event: "conversion.sent",
      sink: "local",
      eventName: "Lead",
      page: "https://pagos.example/mx/empresas",
      consent: "granted",
      wouldSend: ["email", "phone", "country", "name", "clientUserAgent", "clientIpAddress", "fbc"],
    });
    expect(logs.text()).not.toMatch(/Acme|ana@example\.com|5512345678|203\.0\.113\.9|utm_|cfo-ana|IwAR0secret|Mozilla/);
  });

  it("reports nothing for a request without a user agent (Meta requires it for a website event), and says so", async () => {
    vi.stubEnv("SUPABASE_URL", "");
    const logs = captureLogs();
    const { reportLeadConversion } = await import("@/lib/meta/conversion-reporter");
    await reportLeadConversion(
      sampleLead({
        id: "8d7f1f0e-5b7a-4c8e-9a43-1f2d3c4b5a69",
        company: "Acme",
        contact: "Ana",
        volume: "0-4999",
        attribution: {},
        consent: "granted",
        noticeVersion: null,
      }),
      { pageUrl: "https://pagos.example/mx", userAgent: null, ip: null },
    );
    logs.restore();
    expect(logs.lines.map((l) => [l.event, l.msg])).toEqual([
      ["conversion.skipped", "Conversion not reported: the request had no user agent"],
    ]);
  });
});
