import { currentChoice, recordChoice, type ConsentScope } from "../consent/browser-consent";
import type { ConsentChoice } from "../consent/consent-cookie";
import { onDocument } from "./document-events";
import { BANNER_ID, BANNER_OPEN_CLASS, CHOICE_ATTRIBUTE, NOW_ATTRIBUTE, REOPEN_ATTRIBUTE } from "./page-elements";

/**
 * The tracking banner's behaviour (its markup is the server's, app/_components/consent-banner.tsx). Fixed to the
 * bottom edge, so showing or hiding it moves nothing on the page. While it is shown, the page gains its height at the
 * end (so the footer can scroll above it) and the focused element is kept above it. The footer's control reopens it:
 * it then says which answer is in force, marks that button pressed and takes focus, which goes back to the control
 * once the visitor answers.
 */
export function wireConsentBanner(scope: ConsentScope): void {
  const banner = document.getElementById(BANNER_ID);
  if (!banner) return;
  const root = document.documentElement;
  const buttons = [...banner.querySelectorAll<HTMLButtonElement>(`button[${CHOICE_ATTRIBUTE}]`)];
  let opener: HTMLElement | null = null;
  let observer: ResizeObserver | undefined;

  // The height comes from the observer, which reports it after the browser's own layout (its first report comes
  // with the first frame), so showing the banner lays nothing out while the page is still parsing. It goes straight
  // onto the two properties that use it: a custom property on the root would restyle every element, which inherit it.
  const reserve: ResizeObserverCallback = ([entry]) => {
    const height = `${Math.ceil(entry?.borderBoxSize[0]?.blockSize ?? 0)}px`;
    root.style.scrollPaddingBottom = height;
    document.body.style.paddingBottom = height;
  };
  // Scroll padding keeps keyboard focus clear of the banner; this also covers focus moved by a script or a click on
  // a partly covered control.
  onDocument("focusin", (event) => {
    const target = event.target;
    if (!root.classList.contains(BANNER_OPEN_CLASS) || !(target instanceof HTMLElement) || banner.contains(target))
      return;
    if (target.getBoundingClientRect().bottom > banner.getBoundingClientRect().top)
      target.scrollIntoView({ block: "nearest" });
  });

  function show(open: boolean) {
    root.classList.toggle(BANNER_OPEN_CLASS, open);
    if (open) {
      observer ??= new ResizeObserver(reserve);
      observer.observe(banner!);
    } else {
      observer?.disconnect();
      root.style.removeProperty("scroll-padding-bottom");
      document.body.style.removeProperty("padding-bottom");
    }
  }

  /** The answer in force (reopened), or none (a first view): pressed buttons and the line saying it. */
  function mark(choice: ConsentChoice | null) {
    for (const button of buttons) {
      if (choice) button.setAttribute("aria-pressed", String(button.getAttribute(CHOICE_ATTRIBUTE) === choice));
      else button.removeAttribute("aria-pressed");
    }
    const line = banner!.querySelector<HTMLElement>(`[${NOW_ATTRIBUTE}-granted]`);
    if (!line) return;
    line.textContent = choice ? line.getAttribute(`${NOW_ATTRIBUTE}-${choice}`) : "";
    line.hidden = !choice;
  }

  onDocument("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const answer = target && banner.contains(target) ? target.closest(`[${CHOICE_ATTRIBUTE}]`) : null;
    const choice = answer?.getAttribute(CHOICE_ATTRIBUTE);
    if (choice === "granted" || choice === "denied") {
      recordChoice(scope, choice);
      show(false);
      opener?.focus();
      opener = null;
      return;
    }
    const control = target?.closest<HTMLElement>(`[${REOPEN_ATTRIBUTE}]`);
    if (!control) return;
    opener = control;
    mark(currentChoice(scope));
    show(true);
    buttons[0]?.focus();
  });

  for (const control of document.querySelectorAll<HTMLElement>(`[${REOPEN_ATTRIBUTE}]`)) control.hidden = false;

  if (root.classList.contains(BANNER_OPEN_CLASS)) show(true);
}
