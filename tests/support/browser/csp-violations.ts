import type { Page } from "@playwright/test";

/**
 * CSP violations as the page itself reports them (the event fires for every blocked load, eval or connection), and
 * the console's reports of them. Call before the page loads.
 */
export async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCsp", (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCsp(v: string): void }).__reportCsp(
        `${e.effectiveDirective} blocked ${e.blockedURI}`,
      );
    });
  });
  page.on("console", (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}
