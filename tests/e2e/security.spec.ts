import { expect, test, type APIResponse } from "@playwright/test";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { MARKETS } from "../../lib/markets/markets";

/** A CSP header as directive name → its values. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

function expectCommonHeaders(response: APIResponse) {
  const headers = response.headers();
  const hsts = /max-age=(\d+)/.exec(headers["strict-transport-security"] ?? "");
  expect(hsts, "Strict-Transport-Security with a max-age").not.toBeNull();
  expect(Number(hsts![1])).toBeGreaterThanOrEqual(31_536_000);
  // Subdomains and the preload lists are the operator's opt-in (HSTS_INCLUDE_SUBDOMAINS, HSTS_PRELOAD); this build has
  // neither.
  expect(headers["strict-transport-security"]).not.toMatch(/includeSubDomains|preload/i);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]).toContain(
    headers["referrer-policy"],
  );
  const permissions = headers["permissions-policy"] ?? "";
  for (const feature of ["camera", "microphone", "geolocation"]) expect(permissions).toContain(`${feature}=()`);
}

const LANDING_RESPONSES = [
  ...MARKETS.map((m) => ({ path: `/${m}`, status: 200 })),
  { path: "/mx/any/deeper/path", status: 200 },
  { path: "/no-such-page", status: 404 },
];

for (const { path, status } of LANDING_RESPONSES) {
  test(`${path} answers ${status} with the landing security headers`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(status);
    expectCommonHeaders(response);
    const csp = directives(response.headers()["content-security-policy"] ?? "");
    expect(csp.size, "Content-Security-Policy present").toBeGreaterThan(0);
    expect(csp.get("script-src") ?? csp.get("default-src")).not.toContain("'unsafe-eval'");
    // Inline <script> elements must stay allowed on a static page; inline event handlers (onerror=…) are not.
    expect(csp.get("script-src-attr")).toEqual(["'none'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    // Framed only by our own origin: the Studio's Presentation tool.
    expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
  });
}

test("/studio has its own Content-Security-Policy and the common headers", async ({ request }) => {
  const response = await request.get("/studio");
  expect(response.status()).toBe(200);
  expectCommonHeaders(response);
  const studio = response.headers()["content-security-policy"] ?? "";
  expect(studio).not.toBe("");
  // Without a Sanity project /studio is a plain page: no eval (Sanity mode is covered in studio.spec.ts).
  expect(studio).not.toContain("'unsafe-eval'");
  const csp = directives(studio);
  expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
});

for (const market of MARKETS) {
  test(`/${market} makes no request outside its origin and breaks no CSP rule`, async ({ page, baseURL }) => {
    const requests: string[] = [];
    const violations: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`/${market}`, { waitUntil: "networkidle" });
    // Reach the form as a visitor would, so anything loaded on scroll or interaction is seen too.
    await page.locator("#contact-form").scrollIntoViewIfNeeded();
    await page.locator('[name="company"]').focus();
    await page.waitForLoadState("networkidle");
    const origin = new URL(baseURL!).origin;
    const foreign = requests.filter(
      (url) => !url.startsWith("data:") && !url.startsWith("blob:") && new URL(url).origin !== origin,
    );
    expect(requests.length).toBeGreaterThan(1);
    expect(foreign).toEqual([]);
    expect(violations).toEqual([]);
  });
}

for (const market of MARKETS) {
  test(`/${market} stays a static page, and its framework scripts carry the integrity hash of the bytes served`, async ({
    request,
    baseURL,
  }) => {
    const page = await request.get(`/${market}`);
    // Served from the prerendered output (ISR), not rendered per request as a nonce would require.
    expect(["HIT", "STALE"]).toContain(page.headers()["x-nextjs-cache"]);
    const html = await page.text();
    const integrity = new Map(
      [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].map((m) => [
        m[1]!,
        /\bintegrity="([^"]+)"/.exec(m[0])?.[1],
      ]),
    );
    // Next hashes the chunks every page starts with (client component chunks it loads by name carry none).
    const { rootMainFiles, polyfillFiles } = JSON.parse(readFileSync(".next/build-manifest.json", "utf8")) as {
      rootMainFiles: string[];
      polyfillFiles: string[];
    };
    for (const file of [...rootMainFiles, ...polyfillFiles])
      expect(integrity.get(`/_next/${file}`), file).toMatch(/^sha256-/);
    for (const [src, hash] of integrity) {
      if (!hash) continue;
      const body = await (await request.get(new URL(src, baseURL).href)).body();
      // The start-up chunks are rewritten after Next hashed them (compile hints): the hash must follow.
      expect(`sha256-${createHash("sha256").update(body).digest("base64")}`, src).toBe(hash);
    }
  });
}
