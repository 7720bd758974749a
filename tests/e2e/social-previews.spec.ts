import { expect, test } from "@playwright/test";
import { MARKETS, MARKET_LOCALES } from "../../lib/markets/markets";
import { seedLanding } from "../support/sanity/seed";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

for (const market of MARKETS) {
  test(`/${market} has a 1200×630 social image and a large card, with no stega markers`, async ({ page, request }) => {
    const doc = seedLanding(market);
    await page.goto(`/${market}`);
    const meta = (selector: string) => page.locator(selector).getAttribute("content");
    const image = await meta('meta[property="og:image"]');
    expect(image).toBeTruthy();
    expect(await meta('meta[name="twitter:card"]')).toBe("summary_large_image");
    expect(await meta('meta[name="twitter:image"]')).toBe(image);
    expect(await meta('meta[property="og:image:width"]')).toBe("1200");
    expect(await meta('meta[property="og:image:height"]')).toBe("630");
    expect(await meta('meta[property="og:title"]')).toBe(doc.seo.title);

    const response = await request.get(image!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await response.body())).toEqual({ width: 1200, height: 630 });
    // Generated at build time: served from the prerendered output, never rendered per request.
    // (STALE once a publish has revalidated the page: the last image is served while the new one renders.)
    expect(["HIT", "STALE"]).toContain(response.headers()["x-nextjs-cache"]);
  });

  test(`/${market} describes the company as structured data, from its content`, async ({ page }) => {
    const doc = seedLanding(market);
    await page.goto(`/${market}`);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(blocks).toHaveLength(1);
    const graph = JSON.parse(blocks[0]!) as { "@context": string; "@graph": Record<string, unknown>[] };
    expect(graph["@context"]).toBe("https://schema.org");
    const data = graph["@graph"].find((node) => node["@type"] === "FinancialService")!;
    const country = market.toUpperCase();
    // Google reads a FinancialService as a local business: its address is required; the legal entity, a contact
    // point, an email and a named area served are recommended. All from the market's company facts.
    expect(data).toMatchObject({
      name: doc.brandName,
      legalName: doc.company.legalName,
      taxID: doc.company.taxId,
      email: doc.company.email,
      description: doc.seo.description,
      slogan: doc.footer.tagline,
      knowsLanguage: MARKET_LOCALES[market],
      currenciesAccepted: doc.currency,
      address: {
        "@type": "PostalAddress",
        ...Object.fromEntries(Object.entries(doc.company.address).filter(([k]) => !k.startsWith("_"))),
        addressCountry: country,
      },
      contactPoint: { "@type": "ContactPoint", contactType: "sales", email: doc.company.email, areaServed: country },
      areaServed: {
        "@type": "Country",
        name: { mx: "México", br: "Brasil", ar: "Argentina" }[market],
        identifier: country,
      },
    });
    expect(String(data.url)).toMatch(new RegExp(`/${market}$`));
    expect(String(data.image)).toMatch(new RegExp(`^https?://.+/og/${market}$`));
  });
}
