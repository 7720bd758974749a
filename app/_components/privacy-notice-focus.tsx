"use client";

import { useEffect } from "react";

/**
 * Keyboard and screen-reader behaviour of the privacy notice, which opens with CSS :target from plain links (so
 * it works without JavaScript). With it: focus moves into the notice, the page behind is inert, Escape or the
 * close link returns to the link that opened it, and the URL goes back to what it was.
 */
export function PrivacyNoticeFocus({ id }: { id: string }) {
  useEffect(() => {
    const notice = document.getElementById(id);
    if (!notice) return;
    const hash = `#${id}`;
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
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      if (!link) return;
      if (link.getAttribute("href") === hash) {
        opener = link;
      } else if (notice.contains(link) && link.hasAttribute("data-close") && opener) {
        // Opened from this page: step back in history, so the URL loses the fragment and Back does not reopen it.
        event.preventDefault();
        history.back();
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || location.hash !== hash) return;
      event.preventDefault();
      notice.querySelector<HTMLAnchorElement>("a[data-close]")?.click();
    };

    sync();
    window.addEventListener("hashchange", sync);
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      window.removeEventListener("hashchange", sync);
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [id]);
  return null;
}
