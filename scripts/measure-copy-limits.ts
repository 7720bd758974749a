// Measures how many characters each short visible text can hold before it breaks the landing page on a 360 px wide
// phone, for lib/content/copy-limits.ts. Run against a production server of the site:
//   node scripts/measure-copy-limits.ts http://127.0.0.1:3000
// For every text it fills the real element, in the real page, with that market's own copy (so letter widths are
// the language's), grows it a character at a time and records the longest that still meets the layout rule
// below (the median over several stretches of copy); it prints the smallest length over the three markets. Texts the
// browser does not wrap (a placeholder, a closed select, a toast title) are measured with the element's font against
// its usable width.
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath } from "./lib/chromium.ts";
import { MARKETS } from "../lib/markets/markets.ts";

const base = process.argv[2] ?? "http://127.0.0.1:3000";

type Rule = { selector: string; rule: "lines" | "width"; lines?: number };

/** The layout each text must keep at 360 px. */
const RULES: Record<string, Rule> = {
  brandName: { selector: "header span", rule: "lines", lines: 1 },
  contactButton: { selector: 'header a[href="#contact-form"]', rule: "lines", lines: 1 },
  heroHighlight: {
    selector: "section[aria-labelledby=hero-title] > div > div > p:first-child",
    rule: "lines",
    lines: 1,
  },
  heroTitle: { selector: "#hero-title", rule: "lines", lines: 4 },
  heroCta: { selector: 'section[aria-labelledby=hero-title] a[href="#contact-form"]', rule: "lines", lines: 1 },
  sectionTitle: { selector: "#contact-title", rule: "lines", lines: 3 },
  cardTitle: { selector: "#benefits-title ~ ul h3", rule: "lines", lines: 2 },
  cardClaim: { selector: "#benefits-title ~ ul p.text-accent", rule: "lines", lines: 1 },
  fieldLabel: { selector: 'label[for="contact-company"]', rule: "lines", lines: 1 },
  fieldLabel2: { selector: 'label[for="contact-company"]', rule: "lines", lines: 2 },
  submit: { selector: 'form button[type="submit"]', rule: "lines", lines: 1 },
  placeholder: { selector: "#contact-company", rule: "width" },
  // A closed select shows the chosen option on one line and clips the rest.
  optionLabel: { selector: "#contact-reason", rule: "width" },
  // A toast on a phone: 360 px less the viewport margins, the toast's padding and its icon.
  toastTitle: { selector: 'form button[type="submit"]', rule: "width", lines: 2 },
  // The savings estimate: a column heading and a row label each within two lines beside their figures.
  estimateColumn: { selector: "section[aria-labelledby=hero-title] thead th", rule: "lines", lines: 2 },
  estimateRow: { selector: "section[aria-labelledby=hero-title] tbody th", rule: "lines", lines: 2 },
  // A proof figure on one line.
  figureValue: { selector: "main li > p.text-4xl", rule: "lines", lines: 1 },
};

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 360, height: 800 }, deviceScaleFactor: 2 });
const results: Record<string, number[]> = {};
for (const market of MARKETS) {
  await page.goto(`${base}/${market}`, { waitUntil: "networkidle" });
  await page.evaluate(() => document.fonts.ready);
  for (const [kind, rule] of Object.entries(RULES)) {
    const fit = await page.evaluate(
      ({ kind, rule }) => {
        const el = document.querySelector<HTMLElement>(rule.selector);
        if (!el) throw new Error(`${kind}: nothing matches ${rule.selector}`);
        // The market's own words, so letter widths are those of its language.
        const sample = (document.querySelector("main")?.innerText ?? "").replace(/\s+/g, " ").trim();
        const style = getComputedStyle(el);
        // Put back afterwards: each text is measured in the page as published, the others unchanged.
        const original = el.textContent;
        const canvas = document.createElement("canvas").getContext("2d")!;
        const fits = (text: string): boolean => {
          if (rule.rule === "width") {
            if (kind === "toastTitle") {
              canvas.font = `600 14px ${style.fontFamily}`;
              const width = 360 - 2 * 16 - 2 * 16 - 20 - 6;
              return canvas.measureText(text).width <= width * (rule.lines ?? 1);
            }
            canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const arrow = el.tagName === "SELECT" ? 24 : 0;
            const usable = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
            return canvas.measureText(text).width <= usable;
          }
          el.textContent = text;
          // Line boxes of the text itself, so a fixed-height button whose label wraps counts as wrapped.
          const range = document.createRange();
          range.selectNodeContents(el);
          // Runs in another font (a fallback glyph) sit a pixel or two off; a new line starts well below.
          const tops = [...range.getClientRects()].map((r) => r.top).sort((a, b) => a - b);
          const lines = tops.filter((top, i) => i === 0 || top - tops[i - 1]! > 8).length;
          const overflow =
            document.documentElement.scrollWidth > 360 ||
            el.getBoundingClientRect().right > 360 ||
            range.getBoundingClientRect().right > 360;
          // The header's brand and button share one row: neither may push the other onto two lines.
          const brand = document.querySelector("header span")!;
          const brandRange = document.createRange();
          brandRange.selectNodeContents(brand);
          const brandTops = [...brandRange.getClientRects()].map((r) => r.top).sort((a, b) => a - b);
          const brandLines = brandTops.filter((top, i) => i === 0 || top - brandTops[i - 1]! > 8).length;
          return !overflow && lines <= (rule.lines ?? 1) && brandLines <= 1;
        };
        // Several stretches of copy, so one unusually wide or narrow word does not decide; the median counts.
        const counts = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((w) => {
          const words = sample.slice(w * 60).replace(/^\S*\s/, "");
          let n = 1;
          while (n < words.length && fits(words.slice(0, n + 1))) n++;
          return n;
        });
        el.textContent = original;
        return counts.sort((a, b) => a - b)[4]!;
      },
      { kind, rule },
    );
    (results[kind] ??= []).push(fit);
  }
}
await browser.close();
for (const [kind, fits] of Object.entries(results))
  console.log(`${kind.padEnd(14)} fits ${Math.min(...fits)} (mx/br/ar: ${fits.join("/")})`);
