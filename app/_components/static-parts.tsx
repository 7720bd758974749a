"use client";

import { Activity, lazy, type ReactNode } from "react";
import { loadedModule } from "./when-needed";

/*
 * Parts of the page that are markup only: nothing in them needs React (links, native disclosure widgets, and the
 * controls the page's inline script runs, the tracking banner's among them). Rendered by a server component, a part's
 * element tree travels twice, as markup and in the payload React hydrates from; rendered from here, the payload carries
 * only what it is rendered from, and the browser spends no hydration on it. So a part takes the content it shows, not a
 * document that holds more (the privacy notice's dialog stays a server component: its text is not in the page). Each
 * part renders on the server only: the browser's build leaves the server's branch out (`typeof window` is known there),
 * and the part's code with it; in the browser the part never loads, so React leaves the server's markup of its Activity
 * boundary as it is, for good.
 *
 * An update to a boundary that never hydrates would replace its markup with nothing, so draft mode, where the Studio's
 * edits re-render the page in place, renders the parts themselves (landing-view.tsx).
 */

const never = () => new Promise<never>(() => {});

/** A part inside its Activity boundary, which React hydrates apart from the page: never, as the part never loads. */
function markupOnly<P extends object>(Part: (props: P) => ReactNode) {
  return function StaticPart(props: P) {
    return (
      <Activity>
        <Part {...props} />
      </Activity>
    );
  };
}

/* eslint-disable @typescript-eslint/no-require-imports -- synchronous, and on the server only */
export const StaticConsentBanner = markupOnly(
  lazy(() =>
    typeof window === "undefined"
      ? loadedModule((require("./consent-banner") as typeof import("./consent-banner")).ConsentBanner)
      : never(),
  ),
);
export const StaticSiteHeader = markupOnly(
  lazy(() =>
    typeof window === "undefined"
      ? loadedModule((require("./site-header") as typeof import("./site-header")).SiteHeader)
      : never(),
  ),
);
export const StaticBenefits = markupOnly(
  lazy(() =>
    typeof window === "undefined"
      ? loadedModule((require("./benefits") as typeof import("./benefits")).Benefits)
      : never(),
  ),
);
export const StaticPageSections = markupOnly(
  lazy(() =>
    typeof window === "undefined"
      ? loadedModule((require("./sections/page-sections") as typeof import("./sections/page-sections")).PageSections)
      : never(),
  ),
);
export const StaticSiteFooter = markupOnly(
  lazy(() =>
    typeof window === "undefined"
      ? loadedModule((require("./site-footer") as typeof import("./site-footer")).SiteFooter)
      : never(),
  ),
);
/* eslint-enable @typescript-eslint/no-require-imports */
