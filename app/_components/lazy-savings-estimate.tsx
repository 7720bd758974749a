"use client";

import { Activity, lazy, type ComponentProps } from "react";
import { ESTIMATE_ID } from "@/lib/page-scripts/page-elements";
import type { SavingsEstimate as Estimate } from "./savings-estimate";
import { loadedModule, whenNeeded } from "./when-needed";

// The server renders the card whole; in the browser its code loads, and the card hydrates, once the visitor uses it.
// The browser's build leaves the server's branch out (`typeof window` is known there), and the module with it.
const SavingsEstimate = lazy(() =>
  typeof window === "undefined"
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- synchronous, and on the server only
      loadedModule((require("./savings-estimate") as typeof import("./savings-estimate")).SavingsEstimate)
    : whenNeeded(ESTIMATE_ID).then(() => import("./savings-estimate").then((m) => ({ default: m.SavingsEstimate }))),
);

/**
 * The savings estimate, its code kept out of the page's start: until the visitor first presses, focuses or types in
 * the card, React leaves the server's markup as it is (an Activity boundary hydrates apart from the rest of the page,
 * once its code is there), and the hero paints and hydrates without it.
 */
export function LazySavingsEstimate(props: ComponentProps<typeof Estimate>) {
  return (
    <Activity>
      <SavingsEstimate {...props} />
    </Activity>
  );
}
