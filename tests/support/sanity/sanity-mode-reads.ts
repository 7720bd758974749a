import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import { startFakeSanityApi, type FakeSanityApi } from "./fake-content-lake-api";

/**
 * Vitest hooks for reading content in Sanity mode, through the real @sanity/client, from a fake Content Lake
 * serving `datasetFile`: fresh modules and Sanity's variables before each test, the recorded queries cleared and
 * no delay. The returned `api` is the running stand-in.
 */
export function setUpFakeContentLake(datasetFile: string): { readonly api: FakeSanityApi } {
  let api: FakeSanityApi | undefined;
  beforeAll(async () => {
    api = await startFakeSanityApi(datasetFile);
  });
  afterAll(() => api?.close());
  beforeEach(() => {
    vi.resetModules();
    vi.stubEnv("NEXT_PUBLIC_SANITY_PROJECT_ID", "testproject");
    vi.stubEnv("NEXT_PUBLIC_SANITY_DATASET", "production");
    vi.stubEnv("SANITY_API_HOST", api!.url);
    vi.stubEnv("SANITY_API_READ_TOKEN", "viewer-token");
    api!.queries.length = 0;
    api!.delayMs = 0;
  });
  return {
    get api() {
      if (!api) throw new Error("The fake Content Lake starts in beforeAll; use it inside a test");
      return api;
    },
  };
}
