import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { LeadPayload } from "@/supabase/functions/_shared/meta-event";

/**
 * The Edge Function runs on Deno; here its module runs on Node against a stand-in for the two Deno APIs it
 * uses (Deno.serve, Deno.env) and a stubbed fetch standing in for Meta's Graph API.
 */
type Handler = (request: Request) => Promise<Response>;
let handler: Handler;
const env = new Map<string, string>();
const meta = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

const lead: LeadPayload = {
  eventName: "Lead",
  eventId: "8d7f1f0e-5b7a-4c8e-9a43-1f2d3c4b5a69",
  userData: { email: "Ana@Example.com", phone: "5255 1234 5678", country: "usa" },
  customData: { company: "Acme", reason: "goods", volume: "0-4999" },
};
const call = (init: RequestInit & { body?: string }) => handler(new Request("http://functions.local/meta-conversion", init));
const post = (body: unknown) => call({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

beforeAll(async () => {
  vi.stubGlobal("Deno", { serve: (h: Handler) => void (handler = h), env: { get: (name: string) => env.get(name) } });
  vi.stubGlobal("fetch", meta);
  // A path tsc does not follow: the function is Deno code, outside the Next type-check (see tsconfig exclude).
  const entry = "../../supabase/functions/meta-conversion/index.ts";
  await import(/* @vite-ignore */ entry);
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  env.clear();
  env.set("META_PIXEL_ID", "123456789");
  env.set("META_ACCESS_TOKEN", "token-abc");
  meta.mockReset();
  meta.mockResolvedValue(Response.json({ events_received: 1, fbtrace_id: "x" }));
});

describe("the meta-conversion Edge Function", () => {
  it("sends one hashed Lead event to the pixel's Conversions API endpoint and answers with Meta's status", async () => {
    const response = await post(lead);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, meta: { events_received: 1, fbtrace_id: "x" } });
    expect(meta).toHaveBeenCalledTimes(1);
    const [url, init] = meta.mock.calls[0]!;
    const target = new URL(url);
    expect(`${target.origin}${target.pathname}`).toBe("https://graph.facebook.com/v23.0/123456789/events");
    expect(target.searchParams.get("access_token")).toBe("token-abc");
    expect(init.method).toBe("POST");
    const sent = JSON.parse(String(init.body)) as { data: Record<string, unknown>[]; test_event_code?: string };
    expect(sent.test_event_code).toBeUndefined();
    expect(sent.data).toHaveLength(1);
    expect(sent.data[0]).toMatchObject({
      event_name: "Lead",
      event_id: lead.eventId,
      action_source: "website",
      // printf %s 'ana@example.com' | sha256sum ; '525512345678' ; 'us'
      user_data: {
        em: ["8e43ca37701228e74983efdbd0cff5c16b3b1e5d4e29a7c05626d4d25a018e11"],
        ph: ["8f9d0944329b5338c6fb86f293ceb39385b596254748dd3628ec62f55c334811"],
        country: ["79adb2a2fce5c6ba215fe5f27f532d4e7edbac4b6a5e09e1ef3a08084a904621"],
      },
      custom_data: lead.customData,
    });
    expect(Math.abs((sent.data[0]!.event_time as number) - Date.now() / 1000)).toBeLessThan(5);
    expect(String(init.body)).not.toContain("ana@example.com");
  });

  it("adds the test event code when configured", async () => {
    env.set("META_TEST_EVENT_CODE", "TEST123");
    await post(lead);
    expect(JSON.parse(String(meta.mock.calls[0]![1].body)).test_event_code).toBe("TEST123");
  });

  it("passes Meta's refusal on, and answers 502 when Meta is unreachable", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    meta.mockResolvedValueOnce(Response.json({ error: { message: "Invalid OAuth access token" } }, { status: 400 }));
    expect((await post(lead)).status).toBe(400);
    meta.mockRejectedValueOnce(new TypeError("fetch failed"));
    expect((await post(lead)).status).toBe(502);
    errors.mockRestore();
  });

  it("accepts only POST, and refuses bodies it cannot use with 400 without calling Meta", async () => {
    expect((await call({ method: "GET" })).status).toBe(405);
    expect((await call({ method: "POST", body: "{not json" })).status).toBe(400);
    expect((await post({ ...lead, eventName: "Purchase" })).status).toBe(400);
    expect((await post({ ...lead, userData: { email: "a@b.co" } })).status).toBe(400);
    expect(meta).not.toHaveBeenCalled();
  });

  it("answers 500 without calling Meta when its secrets are missing", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    env.delete("META_ACCESS_TOKEN");
    expect((await post(lead)).status).toBe(500);
    expect(meta).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
