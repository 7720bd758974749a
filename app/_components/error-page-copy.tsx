"use client";

import { createContext, useContext } from "react";
import type { ErrorPageCopy } from "@/lib/content/landing-content";
import type { Market } from "@/lib/markets/markets";

type Value = { market: Market; copy: ErrorPageCopy | null };

const ErrorPageCopyContext = createContext<Value | null>(null);

/** Hands the market's error-screen words (read by the layout on the server) to the error boundary below it. */
export function ErrorPageCopyProvider({ value, children }: { value: Value; children: React.ReactNode }) {
  return <ErrorPageCopyContext value={value}>{children}</ErrorPageCopyContext>;
}

export function useErrorPageCopy(): Value | null {
  return useContext(ErrorPageCopyContext);
}
