import { escapeHTML as escape, toHTML } from "@portabletext/to-html";
import type { Market } from "../markets/markets";
import type { PrivacyNotice } from "./privacy-notice";

/**
 * The privacy notice's text as HTML: one renderer for the notice's own address (which the landing page's dialog
 * loads when it opens, and which a reader without JavaScript opens as a page) and for the dialog of a draft preview,
 * which has it inline. Every value is escaped; the body has no links (its schema allows no annotations).
 */

/** Where the notice's text is served: app/api/privacy-notice/[market]/route.ts. */
export const noticeTextPath = (market: Market) => `/api/privacy-notice/${market}`;

/** The date of the notice's last change, as the market writes dates. */
export function noticeUpdatedOn(notice: PrivacyNotice): string {
  return new Intl.DateTimeFormat(notice.locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(notice.updatedAt),
  );
}

/** What the landing page's dialog holds until it has the text: a link to the text's page. */
export function noticeTextLinkHtml(notice: PrivacyNotice, market: Market): string {
  return `<p><a href="${noticeTextPath(market)}" class="text-link">${escape(notice.fullNoticeLabel)}</a></p>`;
}

/** The body and the company's details, the part of the notice the landing page does not carry. */
export function noticeTextHtml(notice: PrivacyNotice): string {
  const detail = (label: string, value: string) => `<dt>${escape(label)}</dt><dd>${value}</dd>`;
  const link = (href: string, text: string, rel = "") =>
    `<a href="${escape(href)}" class="text-link"${rel ? ` rel="${rel}"` : ""}>${escape(text)}</a>`;
  return [
    // The notice's title is its dialog's and its page's h1, so the text's headings (the "h3" style) are h2s.
    toHTML(notice.body, {
      onMissingComponent: false,
      components: { block: { h3: ({ children }) => `<h2>${children}</h2>` } },
    }),
    `<h2>${escape(notice.detailsTitle)}</h2>`,
    "<dl>",
    detail(notice.legalNameLabel, escape(notice.legalName)),
    detail(notice.addressLabel, escape(notice.address)),
    detail(notice.privacyEmailLabel, link(`mailto:${notice.privacyEmail}`, notice.privacyEmail)),
    detail(notice.authorityLabel, link(notice.authorityUrl, notice.authority, "noopener noreferrer")),
    "</dl>",
  ].join("");
}

/**
 * The whole notice as a page of its own, for a reader without JavaScript (the dialog's link) and for the dialog's
 * script, which takes the text from its `<article>`. `back` is the landing page the reader came from.
 */
export function noticeDocumentHtml(notice: PrivacyNotice, back: string): string {
  return `<!doctype html>
<html lang="${notice.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(notice.title)}</title>
<style>
body{margin:0 auto;max-width:42rem;padding:1.5rem;font:16px/1.6 system-ui,sans-serif;color:#0b1733}
h1{font-size:1.5rem;line-height:1.3}h2{font-size:1.15rem;margin-top:1.5rem}dt{font-weight:600}dd{margin:0 0 .5rem}a{color:#1747ab}
</style>
</head>
<body>
<h1>${escape(notice.title)}</h1>
<p>${escape(notice.updatedLabel)}: <time datetime="${notice.updatedAt}">${escape(noticeUpdatedOn(notice))}</time></p>
<article>${noticeTextHtml(notice)}</article>
<p><a href="${escape(back)}">${escape(notice.closeLabel)}</a></p>
</body>
</html>
`;
}
