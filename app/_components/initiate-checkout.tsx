"use client";

import { useEffect } from "react";
import { trackPixelEvent, type ConsentScope } from "@/lib/consent/browser-consent";

let fired = false;

/**
 * What a page load does once, in the browser, after hydration: fire InitiateCheckout to the browser pixel if one is
 * present and consent allows (docs/requirements.md#page-layout). The visit's campaign touch is kept long before, by
 * CampaignTouchScript.
 */
export function InitiateCheckout({ scope }: { scope: ConsentScope }) {
  useEffect(() => {
    if (fired) return;
    fired = true;
    trackPixelEvent(scope, "InitiateCheckout");
  }, [scope]);
  return null;
}
