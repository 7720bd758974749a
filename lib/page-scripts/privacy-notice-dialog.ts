import { onDocument } from "./document-events";
import { NOTICE_ID, NOTICE_TEXT_ATTRIBUTE } from "./page-elements";

/**
 * Loads the notice's text from the address its link names into the dialog, once. A failed load leaves the link, which
 * opens the text as a page, and the next opening tries again.
 */
function loadNoticeText(notice: HTMLElement): void {
  const holder = notice.querySelector(`[${NOTICE_TEXT_ATTRIBUTE}]`);
  const link = holder?.querySelector("a");
  if (!holder || !link || holder.hasAttribute("aria-busy")) return;
  holder.setAttribute("aria-busy", "true");
  fetch(link.href)
    .then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
    .then((html) => {
      // A page without its <article> throws here, and keeps the link.
      holder.replaceChildren(
        ...new DOMParser().parseFromString(html, "text/html").querySelector("article")!.childNodes,
      );
      holder.removeAttribute(NOTICE_TEXT_ATTRIBUTE);
    })
    .catch((error) => console.warn("Privacy notice text not loaded", error))
    .finally(() => holder.removeAttribute("aria-busy"));
}

/**
 * The privacy notice's dialog, which opens with CSS :target from plain links (so it works without JavaScript). With
 * JavaScript: its text loads as a link to it is pointed at or focused, or as it opens; focus moves into the notice,
 * the page behind is inert, Escape or the close link returns to the link that opened it, and the URL goes back to
 * what it was.
 */
export function wirePrivacyNotice(): void {
  const notice = document.getElementById(NOTICE_ID);
  if (!notice) return;
  const hash = `#${NOTICE_ID}`;
  let opener: HTMLElement | null = null;

  const sync = () => {
    const open = location.hash === hash;
    for (const element of document.body.children) {
      if (element !== notice && element instanceof HTMLElement) element.inert = open;
    }
    if (open) {
      loadNoticeText(notice);
      notice.setAttribute("aria-modal", "true");
      notice.focus();
    } else {
      notice.removeAttribute("aria-modal");
      opener?.focus();
      opener = null;
    }
  };
  onDocument("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link) return;
    if (link.getAttribute("href") === hash) {
      opener = link;
    } else if (notice.contains(link) && link.hasAttribute("data-close") && opener) {
      // Opened from this page: step back in history, so the URL loses the fragment and Back does not reopen it.
      event.preventDefault();
      history.back();
    }
  });
  onDocument("keydown", (event) => {
    if (event.key !== "Escape" || location.hash !== hash) return;
    event.preventDefault();
    notice.querySelector<HTMLAnchorElement>("a[data-close]")?.click();
  });
  for (const intent of ["pointerover", "focusin"] as const)
    onDocument(intent, (event) => {
      if (event.target instanceof Element && event.target.closest(`a[href="${hash}"]`)) loadNoticeText(notice);
    });
  window.addEventListener("hashchange", sync);
  // Opened by the address itself (a link to /mx#privacy-notice).
  if (location.hash === hash) sync();
}
