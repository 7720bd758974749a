import { expect, test } from "vitest";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { validateXML } from "xmllint-wasm";
import { MARKETS } from "../../lib/markets/markets";
import { E2E_HOSTS, E2E_SITE_URLS } from "../../scripts/lib/e2e-hosts";
import { httpRequest } from "../support/servers/http-request";

// The embedded server of the e2e build (tests/server/global-setup.ts).
const request = httpRequest(E2E_HOSTS.embedded);
const require = createRequire(import.meta.url);
const schemaFile = (fileName: string, path: string) => ({ fileName, contents: readFileSync(path, "utf8") });

/** xmllint (libxml2) against the sitemaps.org schema, with the XHTML link element for the alternates. */
async function validateSitemap(xml: string) {
  const result = await validateXML({
    xml: { fileName: "sitemap.xml", contents: xml },
    schema: schemaFile("sitemap-with-alternates.xsd", "tests/fixtures/sitemap/sitemap-with-alternates.xsd"),
    preload: [
      schemaFile("sitemap.xsd", require.resolve("sitemap/schema/sitemap.xsd")),
      schemaFile("xhtml-link.xsd", "tests/fixtures/sitemap/xhtml-link.xsd"),
    ],
  });
  return result.errors.map((e) => e.rawMessage);
}

test("sitemap.xml is valid against the sitemaps.org schema, with each market's language alternates", async () => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const xml = await response.text();
  expect(await validateSitemap(xml)).toEqual([]);
  for (const market of MARKETS) {
    expect(xml).toContain(`<loc>${E2E_SITE_URLS.main}/${market}</loc>`);
  }
  expect(xml.match(/<xhtml:link rel="alternate" hreflang="pt-BR" href="[^"]+\/br"/g)).toHaveLength(MARKETS.length);
});

test("the validator refuses what Next writes with changefreq and priority: the alternates before them", async () => {
  const url = (loc: string) =>
    `<url><loc>${loc}</loc><xhtml:link rel="alternate" hreflang="es-MX" href="${loc}"/><changefreq>weekly</changefreq><priority>1</priority></url>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${url("https://example.com/mx")}</urlset>`;
  expect(await validateSitemap(xml)).toEqual([expect.stringMatching(/changefreq.*not expected/)]);
});
