"use client";

import { useEffect } from "react";

/**
 * Loads the visit counter (lib/analytics/browser-beacon.ts, a chunk of its own) once the browser is idle after
 * hydration, so it never competes with the hero or the form; it then counts the visit, the first form edit and field
 * speed. Renders nothing.
 */
export function VisitBeacon() {
  useEffect(() => {
    const start = () => void import("@/lib/analytics/browser-beacon").then(({ countPageView }) => countPageView());
    if (typeof requestIdleCallback === "function") {
      const idle = requestIdleCallback(start, { timeout: 3000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(start, 200);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
