import type { ConsentScope } from "@/lib/consent/browser-consent";
import { TOUCH_SCRIPT } from "@/lib/attribution/touch-script.generated";

/**
 * Keeps the visit's campaign touch as soon as the parser reaches this element (lib/attribution/touch-script-entry.ts):
 * before the page's JavaScript loads and hydrates, so a visit that ends right after the load event still counts.
 * Placed after the visible page, as the pixel snippet is: an inline script waits for the stylesheet, and the parser
 * with it, so earlier in <body> it lets the first frame paint a half-parsed page that then moves. It still runs
 * before DOMContentLoaded, hence before the load event. Its text is the same on every page; the scope travels in
 * data attributes.
 */
export function CampaignTouchScript({ scope }: { scope: ConsentScope }) {
  return (
    <script
      data-market={scope.market}
      data-consent-version={scope.version}
      data-consent-ask={String(scope.ask)}
      dangerouslySetInnerHTML={{ __html: TOUCH_SCRIPT }}
    />
  );
}
