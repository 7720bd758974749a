"use client";

import type { ConsentScope } from "@/lib/consent/browser-consent";

/**
 * Meta's standard pixel snippet, rendered only when NEXT_PUBLIC_META_PIXEL_ID is set, after the visible page (an
 * inline script makes the parser wait for the stylesheet). Inline so `fbq` exists before hydration, when
 * InitiateCheckout fires. Where the market asks first, consent starts revoked and the
 * library is not even requested until the visitor accepts this market's notice (now, or on an earlier visit): until
 * then `fbq` only queues, and Meta's library replays the queue once consent is granted. A visitor who refused gets
 * no PageView at all (nothing is queued for a refused period). Automatic event collection is off (`autoConfig`, set
 * before `init`): the pixel reports only the events this site sends, never clicks on links or buttons.
 *
 * A client component whose snippet the server alone writes (as InlineScript does): the page's payload names the pixel
 * id and the scope rather than repeating the snippet, and the browser's build leaves the snippet's module out
 * (`typeof window` is known there).
 */
export function MetaPixel({ pixelId, scope }: { pixelId: string; scope: ConsentScope }) {
  return (
    <>
      <script
        suppressHydrationWarning
        dangerouslySetInnerHTML={{
          __html:
            typeof window === "undefined"
              ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- synchronous, and on the server only
                (require("./meta-pixel-snippet") as typeof import("./meta-pixel-snippet")).pixelSnippet(pixelId, scope)
              : "",
        }}
      />
      {/* Without JavaScript nobody can be asked, so the image fallback exists only where consent is not required. */}
      {scope.ask ? null : (
        <noscript>
          {/* eslint-disable-next-line @next/next/no-img-element -- the pixel's no-JS fallback must be a plain img */}
          <img
            height="1"
            width="1"
            alt=""
            style={{ display: "none" }}
            src={`https://www.facebook.com/tr?id=${pixelId}&ev=PageView&noscript=1`}
          />
        </noscript>
      )}
    </>
  );
}
