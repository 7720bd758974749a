import type { PrivacyNotice as Notice } from "@/lib/content/privacy-notice";
import { noticeTextHtml, noticeTextLinkHtml, noticeUpdatedOn } from "@/lib/content/privacy-notice-html";
import type { Market } from "@/lib/markets/markets";
import { NOTICE_ID, NOTICE_TEXT_ATTRIBUTE } from "@/lib/page-scripts/page-elements";
import { ConsentSettingsButton } from "./consent-banner";

// Without JavaScript, closing lands on the form's link to the notice: the one place it is always opened from.
const FORM_LINK_ID = "privacy-link-form";

/**
 * The market's privacy notice, in the landing page itself so `/mx/*`, `/br/*` and `/ar/*` keep showing the
 * landing: hidden until a link targets `#privacy-notice`, then shown over the page by CSS alone. The page carries
 * its title and a link to its text; the page's inline script loads the text into it as it opens and moves focus into
 * it and back (lib/page-scripts/privacy-notice-dialog.ts), and without JavaScript the link opens the text as a page.
 * A draft preview has the text inline, so the Studio shows an edit at once.
 */
export function PrivacyNotice({ notice, market, preview }: { notice: Notice; market: Market; preview: boolean }) {
  const close = (
    <a href={`#${FORM_LINK_ID}`} data-close className="button-outline">
      {notice.closeLabel}
    </a>
  );
  return (
    <section
      id={NOTICE_ID}
      role="dialog"
      aria-labelledby={`${NOTICE_ID}-title`}
      tabIndex={-1}
      className="notice-dialog"
    >
      <div className="notice-panel">
        <div className="flex items-start justify-between gap-4">
          {/* The dialog is a document of its own over the page: its title heads it, its sections are h2s. */}
          <h1 id={`${NOTICE_ID}-title`} className="text-2xl font-bold tracking-tight">
            {notice.title}
          </h1>
          {close}
        </div>
        <p className="mt-1 text-sm text-muted">
          {notice.updatedLabel}: <time dateTime={notice.updatedAt}>{noticeUpdatedOn(notice)}</time>
        </p>
        {/* Markup React leaves as it finds it: the page script puts the text in place of the link, maybe before
            hydration. A draft preview has the text itself. */}
        <div
          className="notice-text"
          {...(preview ? {} : { [NOTICE_TEXT_ATTRIBUTE]: "" })}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: preview ? noticeTextHtml(notice) : noticeTextLinkHtml(notice, market) }}
        />
        <div className="mt-8 flex justify-end">{close}</div>
      </div>
    </section>
  );
}

/** The line under the contact form: sending it means the notice applies, with the link to it. */
export function PrivacyFormLine({ notice }: { notice: Notice }) {
  const [before, after] = notice.formLine.split("{link}", 2);
  return (
    <p className="mt-4 text-sm text-muted">
      {before}
      <a id={FORM_LINK_ID} href={`#${NOTICE_ID}`} className="text-link">
        {notice.formLinkLabel}
      </a>
      {after}
    </p>
  );
}

/** Footer links: the notice, and (where consent is asked) the control that reopens the tracking banner. */
export function PrivacyFooterLinks({ notice, consentAsked }: { notice: Notice; consentAsked: boolean }) {
  return (
    <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
      <a id="privacy-link-footer" href={`#${NOTICE_ID}`} className="footer-link">
        {notice.footerLinkLabel}
      </a>
      {consentAsked ? <ConsentSettingsButton label={notice.settingsLinkLabel} /> : null}
    </p>
  );
}
