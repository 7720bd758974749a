"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";
import { currentChoice, recordChoice, type ConsentScope } from "@/lib/consent/browser-consent";
import type { ConsentChoice } from "@/lib/consent/consent-cookie";

type Copy = {
  label: string;
  text: string;
  accept: string;
  reject: string;
  noticeLink: string;
  grantedNow: string;
  deniedNow: string;
};

// One banner per page; the footer's settings button reopens it. A tiny store instead of context keeps both
// leaves independent of the server components between them.
let open: boolean | undefined;
let opener: HTMLElement | null = null;
let scopeShown: ConsentScope | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const setOpen = (value: boolean) => {
  open = value;
  for (const listener of listeners) listener();
};
// Visitors who have not answered this market's notice see the banner; the server never renders it (it cannot read
// the cookie of a static page).
const isOpen = () => (open ??= scopeShown ? currentChoice(scopeShown) === null : false);

/** The page reserves the banner's height at its end, and focus scrolling keeps clear of it (WCAG 2.4.11). */
const HEIGHT_PROPERTY = "--consent-banner-height";

const buttonClass =
  "inline-flex h-11 items-center justify-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800";
const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

function CheckMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
      <path
        d="m5 10.5 3.2 3.2L15 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The tracking question, fixed to the bottom edge so showing or hiding it moves nothing on the page. While it is
 * shown, the page gains its height at the end (so the footer can scroll above it) and the focused element is kept
 * above it. Reopened, it says which answer is in force and marks that button pressed.
 */
export function ConsentBanner({ copy, scope }: { copy: Copy; scope: ConsentScope }) {
  scopeShown ??= scope;
  const shown = useSyncExternalStore(subscribe, isOpen, () => false);
  const region = useRef<HTMLElement>(null);
  const choice = shown ? currentChoice(scope) : null;

  useEffect(() => {
    // Reopened from the footer: focus goes to the question; on first view it does not interrupt the visitor.
    if (shown && opener) region.current?.querySelector("button")?.focus();
  }, [shown]);

  useEffect(() => {
    const banner = region.current;
    if (!shown || !banner) return;
    const root = document.documentElement;
    const reserve = () =>
      root.style.setProperty(HEIGHT_PROPERTY, `${Math.ceil(banner.getBoundingClientRect().height)}px`);
    const observer = new ResizeObserver(reserve);
    observer.observe(banner);
    reserve();
    // Scroll padding keeps keyboard focus clear of the banner; this also covers focus moved by a script or a click
    // on a partly covered control.
    const keepAbove = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || banner.contains(target)) return;
      if (target.getBoundingClientRect().bottom > banner.getBoundingClientRect().top)
        target.scrollIntoView({ block: "nearest" });
    };
    document.addEventListener("focusin", keepAbove);
    return () => {
      observer.disconnect();
      document.removeEventListener("focusin", keepAbove);
      root.style.removeProperty(HEIGHT_PROPERTY);
    };
  }, [shown]);

  function choose(answer: ConsentChoice) {
    recordChoice(scope, answer);
    setOpen(false);
    opener?.focus();
    opener = null;
  }

  if (!shown) return null;
  const button = (answer: ConsentChoice, label: string) => (
    <button
      type="button"
      className={buttonClass}
      aria-pressed={choice ? choice === answer : undefined}
      onClick={() => choose(answer)}
    >
      {choice === answer ? <CheckMark /> : null}
      {label}
    </button>
  );
  return (
    <section
      ref={region}
      aria-label={copy.label}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-[0_-4px_16px_rgba(15,42,95,0.12)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6 sm:py-4">
        <div className="text-sm text-ink">
          <p>
            {copy.text}{" "}
            <a href="#privacy-notice" className={linkClass}>
              {copy.noticeLink}
            </a>
          </p>
          {choice ? (
            <p className="mt-1 font-medium">{choice === "granted" ? copy.grantedNow : copy.deniedNow}</p>
          ) : null}
        </div>
        <div className="grid shrink-0 grid-cols-2 gap-3 sm:flex">
          {button("denied", copy.reject)}
          {button("granted", copy.accept)}
        </div>
      </div>
    </section>
  );
}

/** Footer control that brings the banner back; absent until hydrated, since without JavaScript it could do nothing. */
export function ConsentSettingsButton({ label }: { label: string }) {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="underline underline-offset-2 hover:text-white"
      onClick={(event) => {
        opener = event.currentTarget;
        setOpen(true);
      }}
    >
      {label}
    </button>
  );
}
