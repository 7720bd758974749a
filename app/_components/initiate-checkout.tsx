"use client";

import { useEffect } from "react";
import { captureVisit } from "@/lib/attribution/kept-touches";
import { trackingAllowed, trackPixelEvent, type ConsentScope } from "@/lib/consent/browser-consent";

let fired = false;

/**
 * What a page load does once, in the browser: keep the visit's campaign touch (first-party; click ids only where
 * tracking is allowed) and (docs/requirements.md#page-layout) fire InitiateCheckout to the browser pixel if one is present and consent allows.
 */
export function InitiateCheckout({ scope }: { scope: ConsentScope }) {
  useEffect(() => {
    if (fired) return;
    fired = true;
    try {
      captureVisit(trackingAllowed(scope));
    } catch (error) {
      console.warn("The campaign touch was not kept", error);
    }
    trackPixelEvent(scope, "InitiateCheckout");
  }, [scope]);
  return null;
}
