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
    const record = (entries: Shift[]) => {
      for (const entry of entries) {
        if (entry.hadRecentInput) continue;
        const nodes = entry.sources.map((s) =>
          s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName),
        );
        seen.push(`${entry.value.toFixed(5)} ${nodes.join(", ")}`);
      }
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries() as Shift[]));
    observer.observe({ type: "layout-shift", buffered: true });
    // Shifts of the frames drawn so far, including those not yet handed to the observer's callback.
    (window as unknown as { __layoutShifts: () => string[] }).__layoutShifts = () => {
      record(observer.takeRecords() as Shift[]);
      return seen;
    };
  });
  return () =>
    page.evaluate(async () => {
      // Two frames: the last change is laid out, and its shift (if any) recorded.
      for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
      return (window as unknown as { __layoutShifts: () => string[] }).__layoutShifts();
    });
}
