"use client";

import { lazy, Suspense } from "react";

// Sanity's overlays, loaded only where they are rendered: in draft mode, never for visitors.
const VisualEditing = lazy(() => import("next-sanity/visual-editing").then((m) => ({ default: m.VisualEditing })));

/** The visual editing overlays of Sanity's Presentation tool; its code is not in the page's start. */
export function LazyVisualEditing() {
  return (
    <Suspense>
      <VisualEditing />
    </Suspense>
  );
}
