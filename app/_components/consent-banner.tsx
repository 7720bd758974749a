"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";
import { consentCookie, META_PIXEL_SCRIPT, readConsent, type ConsentChoice } from "@/lib/consent/consent-cookie";

type Copy = { label: string; text: string; accept: string; reject: string };

// One banner per page; the footer's settings button reopens it. A tiny store instead of context keeps both
// leaves independent of the server components between them.
let open: boolean | undefined;
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const setOpen = (value: boolean) => {
  open = value;
  for (const listener of listeners) listener();
};
// Undecided visitors see the banner; the server never renders it (it cannot read the cookie of a static page).
const isOpen = () => (open ??= readConsent(document.cookie) === null);

function apply(choice: ConsentChoice) {
  document.cookie = consentCookie(choice, location.protocol === "https:");
  if (typeof window.fbq !== "function") return;
  window.fbq("consent", choice === "granted" ? "grant" : "revoke");
  if (choice === "granted" && !document.querySelector(`script[src="${META_PIXEL_SCRIPT}"]`)) {
    const script = document.createElement("script");
    script.async = true;
    script.src = META_PIXEL_SCRIPT;
    document.head.append(script);
  }
}

const buttonClass = "h-11 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800";

/** The tracking question: fixed to the bottom edge, so showing or hiding it moves nothing on the page. */
export function ConsentBanner({ copy }: { copy: Copy }) {
  const shown = useSyncExternalStore(subscribe, isOpen, () => false);
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    // Reopened from the footer: focus goes to the question; on first view it does not interrupt the visitor.
    if (shown && opener) region.current?.querySelector("button")?.focus();
  }, [shown]);

  function choose(choice: ConsentChoice) {
    apply(choice);
    setOpen(false);
    opener?.focus();
    opener = null;
  }

  if (!shown) return null;
  return (
    <section
      ref={region}
      aria-label={copy.label}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-[0_-4px_16px_rgba(15,42,95,0.12)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="text-sm text-ink">{copy.text}</p>
        <div className="flex shrink-0 gap-3">
          <button type="button" className={buttonClass} onClick={() => choose("denied")}>
            {copy.reject}
          </button>
          <button type="button" className={buttonClass} onClick={() => choose("granted")}>
            {copy.accept}
          </button>
        </div>
      </div>
    </section>
  );
}

/** Footer control that brings the banner back; absent until hydrated, since without JavaScript it could do nothing. */
export function ConsentSettingsButton({ label }: { label: string }) {
  const hydrated = useSyncExternalStore(subscribe, () => true, () => false);
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
