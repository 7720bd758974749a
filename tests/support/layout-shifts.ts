import type { Page } from "@playwright/test";

type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };

/**
 * Starts recording the page's layout shifts without recent input (those a visitor suffers), earlier ones included
 * (buffered). The returned function waits a moment for late shifts and lists each with what moved, so a failure
 * names the element.
 */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __layoutShifts: string[] }).__layoutShifts = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        const nodes = entry.sources.map((s) =>
          s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName),
        );
        seen.push(`${entry.value.toFixed(5)} ${nodes.join(", ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () =>
    page.evaluate(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return (window as unknown as { __layoutShifts: string[] }).__layoutShifts;
    });
}
