import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";

// The route runs outside a Next server here: record what it asks Next to revalidate (the e2e spec proves the page changes).
const revalidateTag = vi.fn();
vi.mock("next/cache", () => ({ revalidateTag }));

const SECRET = "integration-secret";

async function post(body: string, signature?: string | null) {
  const headers = new Headers({ "content-type": "application/json" });
  const sig = signature === undefined ? await encodeSignatureHeader(body, Date.now(), SECRET) : signature;
  if (sig) headers.set(SIGNATURE_HEADER_NAME, sig);
  const { POST } = await import("@/app/api/revalidate/route");
  const response = await POST(new NextRequest("http://127.0.0.1/api/revalidate", { method: "POST", body, headers }));
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

beforeEach(() => {
  vi.resetModules();
  revalidateTag.mockClear();
  vi.stubEnv("NEXT_PUBLIC_SANITY_PROJECT_ID", "");
  vi.stubEnv("SANITY_REVALIDATE_SECRET", SECRET);
});

describe("POST /api/revalidate", () => {
  it("revalidates exactly the changed market's tag and says so", async () => {
    const { status, json } = await post(JSON.stringify({ _type: "landingPage", _id: "landingPage.br", market: "br" }));
    expect(status).toBe(200);
    expect(json.revalidated).toEqual(["landingPage:br"]);
    expect(revalidateTag.mock.calls).toEqual([["landingPage:br", "max"]]);
  });

  it("revalidates the market's page when its privacy notice is published", async () => {
    const { status, json } = await post(JSON.stringify({ _type: "privacyNotice", _id: "privacyNotice.ar", market: "ar" }));
    expect(status).toBe(200);
    expect(json.revalidated).toEqual(["landingPage:ar"]);
    expect(revalidateTag.mock.calls).toEqual([["landingPage:ar", "max"]]);
  });

  it.each([
    ["no signature", null],
    ["a signature made with another secret", "other"],
    ["a malformed signature header", "t=1,v1=bogus"],
  ])("refuses %s with 401, also when the body is not JSON", async (_, kind) => {
    for (const body of [JSON.stringify({ _type: "landingPage", market: "mx" }), "not json"]) {
      const signature = kind === "other" ? await encodeSignatureHeader(body, Date.now(), "other") : kind;
      expect((await post(body, signature)).status).toBe(401);
    }
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it.each(["not json", "{}", JSON.stringify({ _type: "post", market: "mx" }), JSON.stringify({ _type: "landingPage", market: "de" })])(
    "answers a signed body it cannot use (%s) with 400",
    async (body) => {
      expect((await post(body)).status).toBe(400);
      expect(revalidateTag).not.toHaveBeenCalled();
    },
  );

  it("is a 500 naming the variable when no secret is configured", async () => {
    vi.stubEnv("SANITY_REVALIDATE_SECRET", "");
    const { status, json } = await post(JSON.stringify({ _type: "landingPage", market: "mx" }));
    expect(status).toBe(500);
    expect(json.error).toMatch(/SANITY_REVALIDATE_SECRET/);
    expect(revalidateTag).not.toHaveBeenCalled();
  });
});
