import { NOTICE_ID } from "./page-elements";

/**
 * Keyboard and screen-reader behaviour of the privacy notice, which opens with CSS :target from plain links (so it
 * works without JavaScript). With it: focus moves into the notice, the page behind is inert, Escape or the close link
 * returns to the link that opened it, and the URL goes back to what it was.
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
      notice.setAttribute("aria-modal", "true");
      notice.focus();
    } else {
      notice.removeAttribute("aria-modal");
      opener?.focus();
      opener = null;
    }
  };
  document.addEventListener("click", (event) => {
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
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || location.hash !== hash) return;
    event.preventDefault();
    notice.querySelector<HTMLAnchorElement>("a[data-close]")?.click();
  });
  window.addEventListener("hashchange", sync);
  // Opened by the address itself (a link to /mx#privacy-notice).
  if (location.hash === hash) sync();
}
