"use client";

import { useEffect } from "react";

declare global {
  interface Window {
    fbq?: (...args: unknown[]) => void;
  }
}

let fired = false;

/** Spec §4: on page load, InitiateCheckout goes to the browser pixel if one is present; a failure is only logged. */
export function InitiateCheckout() {
  useEffect(() => {
    if (fired) return;
    fired = true;
    try {
      if (typeof window.fbq === "function") window.fbq("track", "InitiateCheckout");
    } catch (error) {
      console.error("Meta pixel InitiateCheckout failed", error);
    }
  }, []);
  return null;
}
