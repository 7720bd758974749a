// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { parsePrivacyNotice, type PrivacyNotice } from "@/lib/content/privacy-notice";
import { noticeDocumentHtml, noticeTextHtml, noticeTextPath } from "@/lib/content/privacy-notice-html";
import { queryLocalDataset } from "@/lib/content/local-dataset";
import { PRIVACY_NOTICE_QUERY } from "@/lib/content/queries";
import type { PRIVACY_NOTICE_QUERY_RESULT } from "@/lib/content/sanity.types";
import { MARKETS, type Market } from "@/lib/markets/markets";

const seedNotice = async (market: Market) =>
  parsePrivacyNotice(
    await queryLocalDataset<PRIVACY_NOTICE_QUERY_RESULT>(
      "studio/seed/landing.ndjson",
      PRIVACY_NOTICE_QUERY,
      { market },
      "published",
    ),
    market,
  );
const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

describe("the privacy notice as a page of its own", () => {
  for (const market of MARKETS) {
    it(`${market}: every paragraph, list item and heading of the notice, and the company's details, in its language`, async () => {
      const notice = await seedNotice(market);
      const page = parse(noticeDocumentHtml(notice, `/${market}`));
      expect(page.documentElement.lang).toBe(notice.locale);
      expect(page.title).toBe(notice.title);
      expect(page.querySelector("h1")?.textContent).toBe(notice.title);
      const text = page.querySelector("article")!;
      const shown = (text.textContent ?? "").replace(/\s+/g, " ");
      for (const block of notice.body) expect(shown).toContain(block.children.map((c) => c.text).join(""));
      // The marketer's structure survives: headings, bullets, bold.
      expect(text.querySelectorAll("h2").length).toBe(notice.body.filter((b) => b.style === "h3").length + 1);
      expect(text.querySelectorAll("h1, h3, h4, h5, h6")).toHaveLength(0);
      expect(text.querySelectorAll("ul > li").length).toBe(notice.body.filter((b) => b.listItem).length);
      expect(text.querySelectorAll("strong").length).toBeGreaterThan(0);
      const details = [...text.querySelectorAll("dt")].map((dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ]);
      expect(details).toEqual([
        [notice.legalNameLabel, notice.legalName],
        [notice.addressLabel, notice.address],
        [notice.privacyEmailLabel, notice.privacyEmail],
        [notice.authorityLabel, notice.authority],
      ]);
      expect(text.querySelector("a[href^='mailto:']")?.getAttribute("href")).toBe(`mailto:${notice.privacyEmail}`);
      expect(text.querySelector(`a[href='${notice.authorityUrl}']`)?.getAttribute("rel")).toBe("noopener noreferrer");
      // Back to the landing page, in the notice's words.
      const back = [...page.querySelectorAll("body > p > a")].at(-1)!;
      expect([back.getAttribute("href"), back.textContent]).toEqual([`/${market}`, notice.closeLabel]);
      expect(noticeTextPath(market)).toBe(`/api/privacy-notice/${market}`);
    });
  }

  it("shows what a marketer typed as text, never as markup", async () => {
    const seed = await seedNotice("mx");
    const hostile = `<img src=x onerror=alert(1)> "quoted" & <script>alert(2)</script>`;
    const notice: PrivacyNotice = {
      ...seed,
      title: hostile,
      legalName: hostile,
      authority: hostile,
      authorityUrl: `https://example.org/"><script>alert(3)</script>`,
      body: [{ ...seed.body[0]!, children: [{ _type: "span", _key: "s", text: hostile, marks: [] }] }],
    };
    const page = parse(noticeDocumentHtml(notice, "/mx"));
    expect(page.querySelectorAll("script, img")).toHaveLength(0);
    expect(page.title).toBe(hostile);
    const text = page.querySelector("article")!;
    expect(text.querySelector("p")?.textContent).toBe(hostile);
    expect(text.querySelector("a[rel]")?.getAttribute("href")).toBe(notice.authorityUrl);
    expect(parse(`<div>${noticeTextHtml(notice)}</div>`).querySelectorAll("script, img")).toHaveLength(0);
  });
});
