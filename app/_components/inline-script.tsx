"use client";

import type { ConsentScope } from "@/lib/consent/browser-consent";
import { HEAD_SCRIPT, PAGE_SCRIPT } from "@/lib/page-scripts/page-scripts.generated";

const SCRIPTS = { head: HEAD_SCRIPT, page: PAGE_SCRIPT };

/**
 * One of the page's inline scripts (lib/build/page-scripts.ts): `head` opens the tracking banner before the body is
 * parsed; `page`, placed after the visible page, does what must work before the page's JavaScript has loaded (see
 * lib/page-scripts/page-script-entry.ts). Their text is the same on every page, the scope travels in data attributes.
 *
 * Written into the HTML by the server only: a client component whose text is empty in the browser, so the page's
 * payload for hydration names the component and its scope instead of repeating the script (the browser's build drops
 * the text, `typeof window` being known there). React does not compare the text of an element it hydrates, nor
 * change it while its props stay the same.
 */
export function InlineScript({ script, scope }: { script: keyof typeof SCRIPTS; scope: ConsentScope }) {
  return (
    <script
      data-market={scope.market}
      data-consent-version={scope.version}
      data-consent-ask={String(scope.ask)}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: typeof window === "undefined" ? SCRIPTS[script] : "" }}
    />
  );
}
