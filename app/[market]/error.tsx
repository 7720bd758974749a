"use client";

import { useEffect } from "react";
import { ErrorFallback } from "../_components/error-fallback";
import { useErrorPageCopy } from "../_components/error-page-copy";

/**
 * docs/requirements.md#routes-and-languages: an unexpected rendering error shows "Unexpected Application Error!", then
 * the market's own words.
 */
export default function MarketError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    console.error("Unexpected application error", error);
  }, [error]);
  const page = useErrorPageCopy();
  return <ErrorFallback digest={error.digest} copy={page?.copy} home={page ? `/${page.market}` : "/"} />;
}
