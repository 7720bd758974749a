"use client";

import { useEffect } from "react";
import { ErrorFallback } from "../_components/error-fallback";

/** Spec §2: an unexpected rendering error shows "Unexpected Application Error!". */
export default function MarketError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    console.error("Unexpected application error", error);
  }, [error]);
  return <ErrorFallback digest={error.digest} />;
}
