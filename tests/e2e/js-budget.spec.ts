import { expect, test } from "@playwright/test";
import { measurePageWeight } from "../support/page-weight";

// Next 16's own runtime is ~135 kB gzip; our code may add at most ~15 kB on top (issue 2).
const JS_BUDGET_GZIP = 150 * 1024;

for (const market of ["mx", "br", "ar"]) {
  test(`/${market} loads at most 150 kB of gzip JavaScript (the Studio adds nothing), React and the router compiled off the main thread`, async ({ browser, baseURL }) => {
    const weight = await measurePageWeight(browser, `${baseURL}/${market}`);
    console.log(`/${market}: JS ${weight.jsGzip} B gzip (${weight.jsRaw} raw) in ${weight.scripts.length} scripts; HTML ${weight.htmlGzip} B gzip; CSS ${weight.cssGzip} B gzip`);
    expect(weight.scripts.length).toBeGreaterThan(0);
    expect(weight.jsGzip).toBeLessThanOrEqual(JS_BUDGET_GZIP);
    // React and Next's router (most of the budget) are compiled off the main thread while they download: their
    // files start with V8's compile hint. Without it a throttled phone spends about twice as long blocked.
    const hinted = weight.scripts.filter((s) => s.compileHint);
    expect(hinted.reduce((n, s) => n + s.gzip, 0)).toBeGreaterThan(100 * 1024);
    expect(hinted).toContainEqual(expect.objectContaining({ gzip: Math.max(...weight.scripts.map((s) => s.gzip)) }));
    // No request leaves the origin in the default configuration.
    for (const s of weight.scripts) expect(new URL(s.url).origin).toBe(new URL(baseURL!).origin);
  });
}
