import { describe, expect, it, vi } from "vitest";
import { setUpFakeContentLake } from "../support/sanity/sanity-mode-reads";

// A draft-mode request opened outside the Studio: no perspective chosen.
vi.mock("next/headers", () => ({ cookies: async () => ({ get: () => undefined }) }));

const STEGA = /[\u200B-\u200D\uFEFF]/;

const lake = setUpFakeContentLake("studio/seed/landing.ndjson");

describe("privacy notice in Sanity mode, through the real @sanity/client", () => {
  it("fetches the market's published notice", async () => {
    const { getPrivacyNotice } = await import("@/lib/content/privacy-notice-source");
    const notice = await getPrivacyNotice("br");
    expect(notice).toMatchObject({
      market: "br",
      locale: "pt-BR",
      askConsent: true,
      authority: "Agência Nacional de Proteção de Dados (ANPD)",
    });
    expect(lake.api.queries[0]).toMatchObject({
      perspective: "published",
      params: { market: "br" },
      authorization: null,
    });
  });

  it("in preview, marks copy for visual editing but keeps the email, date and links usable", async () => {
    const { getPrivacyNotice } = await import("@/lib/content/privacy-notice-source");
    const notice = await getPrivacyNotice("mx", { preview: true });
    expect(lake.api.queries[0]).toMatchObject({ perspective: "drafts", authorization: "Bearer viewer-token" });
    expect(notice.title).toMatch(STEGA);
    expect(notice.privacyEmail).toBe("privacidad.mx@puentepagos.com");
    expect(notice.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(notice.authorityUrl).toBe("https://www.gob.mx/buengobierno");
    expect(notice.formLine).toContain("{link}");
  });
});
