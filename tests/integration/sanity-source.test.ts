import { appendFileSync } from "node:fs";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { stegaClean } from "next-sanity";
import { captureLogs } from "../support/telemetry/log-lines";
import { readDataset, seedWithDrafts } from "../support/sanity/dataset-file";
import { setUpFakeContentLake } from "../support/sanity/sanity-mode-reads";
import { startFakeSanityApi } from "../support/sanity/fake-content-lake-api";

const STEGA = /[\u200B-\u200D\uFEFF]/;

// The cookies of the draft-mode request: what next-sanity's defineEnableDraftMode set from the Studio's choice.
const requestCookies = vi.hoisted(() => new Map<string, string>());
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (requestCookies.has(name) ? { name, value: requestCookies.get(name)! } : undefined),
  }),
}));

const datasetFile = seedWithDrafts();
const lake = setUpFakeContentLake(datasetFile);
beforeEach(() => requestCookies.clear());

describe("Sanity mode, through the real @sanity/client", () => {
  it("fetches published content for visitors, with the market as a parameter and no token", async () => {
    const { getLanding } = await import("@/lib/content/landing-source");
    const content = await getLanding("br");
    expect(content.contact.submit).toBe("Enviar solicitação");
    expect(content.hero.title).not.toMatch(/Borrador/);
    expect(lake.api.queries).toHaveLength(1);
    expect(lake.api.queries[0]).toMatchObject({
      path: "/v2025-10-01/data/query/production",
      perspective: "published",
      params: { market: "br" },
      authorization: null,
    });
  });

  it("reads drafts with the viewer token in preview", async () => {
    const { getLanding } = await import("@/lib/content/landing-source");
    const content = await getLanding("mx", { preview: true });
    expect(content.hero.title).toMatch(/^\[Borrador\]/);
    expect(lake.api.queries[0]).toMatchObject({
      perspective: "drafts",
      params: { market: "mx" },
      authorization: "Bearer viewer-token",
    });
  });

  it("previews a release as it will publish when the Studio chose it, and plain drafts otherwise", async () => {
    const published = readDataset(datasetFile).find((d) => d._id === "landingPage.mx")!;
    const hero = published.hero as Record<string, unknown>;
    const version = {
      ...published,
      _id: "versions.rFees2026.landingPage.mx",
      hero: { ...hero, title: "Nuevas tarifas" },
    };
    appendFileSync(datasetFile, `${JSON.stringify(version)}\n`);
    const { getLanding } = await import("@/lib/content/landing-source");

    requestCookies.set("sanity-preview-perspective", "rFees2026,drafts");
    expect(stegaClean((await getLanding("mx", { preview: true })).hero.title)).toBe("Nuevas tarifas");
    expect(lake.api.queries.at(-1)).toMatchObject({
      perspective: "rFees2026,drafts",
      authorization: "Bearer viewer-token",
    });
    // Another market has no version in the release: its draft shows, as it will stay after the release publishes.
    expect(stegaClean((await getLanding("br", { preview: true })).hero.title)).toBe(
      stegaClean((await getLanding("br")).hero.title),
    );
    // Without the Studio's choice (a preview opened outside the Presentation tool), or with one that is not a
    // perspective, the preview shows drafts; visitors never see the release.
    for (const cookie of [undefined, "raw", "rFees2026,,drafts", "<script>"]) {
      requestCookies.clear();
      if (cookie) requestCookies.set("sanity-preview-perspective", cookie);
      expect((await getLanding("mx", { preview: true })).hero.title).toMatch(/^\[Borrador\]/);
      expect(lake.api.queries.at(-1)?.perspective).toBe("drafts");
    }
    expect((await getLanding("mx")).hero.title).toBe(hero.title);
  });

  it("marks copy for visual editing only in preview, keeping the values the code matches on clean", async () => {
    const { getLanding } = await import("@/lib/content/landing-source");
    const published = await getLanding("mx");
    expect(JSON.stringify(published)).not.toMatch(STEGA);
    expect(lake.api.queries[0]?.resultSourceMap).toBeNull();

    const draft = await getLanding("mx", { preview: true });
    expect(lake.api.queries[1]?.resultSourceMap).toBe("withKeyArraySelector");
    // Copy carries the invisible markers the Presentation tool's overlays read...
    expect(draft.hero.title).toMatch(STEGA);
    expect(draft.contact.countryOptions[0]?.label).toMatch(STEGA);
    // ...values the form submits and the page branches on don't.
    expect(draft.market).toBe("mx");
    expect(draft.defaultPhonePrefix).toBe("52");
    expect(draft.contact.volumeOptions.map((o) => o.value)).toEqual([
      "0-4999",
      "5000-9999",
      "10000-49999",
      "50000-99999",
      "100000-plus",
    ]);
  });

  it("refuses preview without a token instead of showing published copy as drafts", async () => {
    vi.stubEnv("SANITY_API_READ_TOKEN", "");
    const { getLanding } = await import("@/lib/content/landing-source");
    await expect(getLanding("mx", { preview: true })).rejects.toThrow(/SANITY_API_READ_TOKEN/);
    expect(lake.api.queries).toHaveLength(0);
  });

  it("fails with the market named when the Content Lake has no document", async () => {
    const empty = await startFakeSanityApi("/dev/null");
    vi.stubEnv("SANITY_API_HOST", empty.url);
    const { getLanding } = await import("@/lib/content/landing-source");
    await expect(getLanding("ar")).rejects.toThrow(/No landing page document for sanity content for market "ar"/);
    await empty.close();
  });

  it("gives up on a stalled Content Lake within its deadline, with an error naming Sanity", async () => {
    vi.stubEnv("SANITY_TIMEOUT_MS", "1500");
    lake.api.delayMs = 60_000;
    const logs = captureLogs();
    const { getLanding } = await import("@/lib/content/landing-source");
    for (const preview of [false, true]) {
      const started = performance.now();
      await expect(getLanding("mx", { preview })).rejects.toThrow(
        /Sanity Content Lake did not answer within 1500 ms \(SANITY_TIMEOUT_MS\)/,
      );
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(1400);
      expect(elapsed).toBeLessThan(3000);
    }
    // Retries are bounded: at most three attempts per read reached the API.
    expect(lake.api.queries.length).toBeLessThanOrEqual(6);
    logs.restore();
    expect(logs.events("content.failed")).toEqual(
      expect.arrayContaining([expect.objectContaining({ level: "error", market: "mx", backend: "sanity" })]),
    );
  });

  it("still answers when the Content Lake is slow but within the deadline", async () => {
    vi.stubEnv("SANITY_TIMEOUT_MS", "3000");
    lake.api.delayMs = 500;
    const { getLanding } = await import("@/lib/content/landing-source");
    expect((await getLanding("ar")).market).toBe("ar");
  });
});
