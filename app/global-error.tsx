"use client";

import { useEffect } from "react";
import { ERROR_TITLE, ErrorFallback } from "./_components/error-fallback";
import "./globals.css";

/** Replaces the root layout when the layout itself fails, so it renders its own document. */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    console.error("Unexpected application error", error);
  }, [error]);
  return (
    <html lang="en">
      <head>
        <title>{ERROR_TITLE}</title>
      </head>
      <body>
        <ErrorFallback digest={error.digest} />
      </body>
    </html>
  );
}
