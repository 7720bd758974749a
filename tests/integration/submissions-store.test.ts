import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

const holder = globalThis as { __submissionsStore?: Promise<{ close?(): Promise<void> }> };

afterEach(async () => {
  await (await holder.__submissionsStore?.catch(() => undefined))?.close?.();
  holder.__submissionsStore = undefined;
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe("choosing where leads go", () => {
  it("uses Supabase when it is configured, one store per process", async () => {
    vi.stubEnv("SUPABASE_URL", "http://127.0.0.1:9");
    vi.stubEnv("SUPABASE_ANON_KEY", "k");
    const { getSubmissionsStore } = await import("@/lib/contact/submissions-store");
    const { SupabaseSubmissionsStore } = await import("@/lib/contact/supabase-submissions-store");
    const store = await getSubmissionsStore();
    expect(store).toBeInstanceOf(SupabaseSubmissionsStore);
    expect(await getSubmissionsStore()).toBe(store);
  });

  it("otherwise opens the embedded database in EMBEDDED_DB_DIR once, even when asked concurrently, and it keeps leads", async () => {
    const dir = mkdtempSync(join(tmpdir(), "leads-"));
    vi.stubEnv("SUPABASE_URL", "");
    vi.stubEnv("EMBEDDED_DB_DIR", dir);
    const { getSubmissionsStore } = await import("@/lib/contact/submissions-store");
    const { PgliteSubmissionsStore } = await import("@/lib/contact/pglite-submissions-store");
    const [a, b] = await Promise.all([getSubmissionsStore(), getSubmissionsStore()]);
    expect(a).toBe(b);
    expect(a).toBeInstanceOf(PgliteSubmissionsStore);
    const lead = { id: "8d7f1f0e-5b7a-4c8e-9a43-1f2d3c4b5a69", company: "Acme", contact: "Ana", email: "ana@example.com", phonePrefix: "52", phone: "5512345678", phoneE164: "+525512345678", country: "usa", reason: "goods", volume: "0-4999", market: "mx" } as const;
    expect(await a.insert(lead)).toBe("stored");
    await a.close?.();
    // Reopened from disk, the lead is still there.
    const reopened = await PgliteSubmissionsStore.open(dir);
    expect(await reopened.insert(lead)).toBe("duplicate");
    await reopened.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers StoreUnavailableError when the store cannot be opened, and tries again next time", async () => {
    vi.stubEnv("SUPABASE_URL", "");
    vi.stubEnv("EMBEDDED_DB_DIR", "/proc/version/cannot-create");
    const { getSubmissionsStore } = await import("@/lib/contact/submissions-store");
    const { StoreUnavailableError } = await import("@/lib/contact/submissions-store-contract");
    await expect(getSubmissionsStore()).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(holder.__submissionsStore).toBeUndefined();
  });
});

describe("conversion reporting in embedded mode", () => {
  it("logs the Lead payload to the local sink without the visitor's contact details", async () => {
    vi.stubEnv("SUPABASE_URL", "");
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const { reportLeadConversion } = await import("@/lib/meta/conversion-reporter");
    await reportLeadConversion({ id: "8d7f1f0e-5b7a-4c8e-9a43-1f2d3c4b5a69", company: "Acme", contact: "Ana", email: "ana@example.com", phonePrefix: "52", phone: "5512345678", phoneE164: "+525512345678", country: "usa", reason: "goods", volume: "0-4999", market: "mx" }, { pageUrl: "https://pagos.example/mx", userAgent: "UA", ip: "203.0.113.9" });
    expect(info).toHaveBeenCalledTimes(1);
    const [tag, logged] = info.mock.calls[0]!;
    expect(tag).toBe("[meta-conversion:local]");
    expect(JSON.parse(String(logged))).toMatchObject({ eventName: "Lead", eventId: "8d7f1f0e-5b7a-4c8e-9a43-1f2d3c4b5a69", customData: { company: "Acme", reason: "goods", volume: "0-4999" } });
    expect(String(logged)).not.toMatch(/ana@example\.com|5512345678|203\.0\.113\.9/);
  });

  it("reports nothing for a request without a user agent (Meta requires it for a website event), and says so", async () => {
    vi.stubEnv("SUPABASE_URL", "");
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const { reportLeadConversion } = await import("@/lib/meta/conversion-reporter");
    await reportLeadConversion({ id: "8d7f1f0e-5b7a-4c8e-9a43-1f2d3c4b5a69", company: "Acme", contact: "Ana", email: "ana@example.com", phonePrefix: "52", phone: "5512345678", phoneE164: "+525512345678", country: "usa", reason: "goods", volume: "0-4999", market: "mx" }, { pageUrl: "https://pagos.example/mx", userAgent: null, ip: null });
    expect(info.mock.calls.map((c) => String(c[0]))).toEqual(["[meta-conversion] lead 8d7f1f0e-5b7a-4c8e-9a43-1f2d3c4b5a69 not reported: the request had no user agent"]);
  });
});
