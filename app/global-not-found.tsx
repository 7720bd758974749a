import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { log } from "@/lib/logging/logger";
import { LogNotFound } from "./_components/log-not-found";
import "./globals.css";

// No robots entry: Next marks every 404 response noindex itself, and a second tag would repeat it.
export const metadata: Metadata = { title: "Page not found" };

/**
 * The path as one log line can hold it: control characters (a forged line break, terminal escapes) written as
 * \u escapes, and at most 300 characters.
 */
function loggablePath(path: string | null): string {
  if (!path) return "(unknown)";
  const escaped = path.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return escaped.length > 300 ? `${escaped.slice(0, 300)}…` : escaped;
}

/** Every unmatched URL: the spec's English texts, since an unknown path names no market. */
export default async function GlobalNotFound() {
  // Rendered per request so the server log records each unknown path (set by proxy.ts, never the client's own value).
  const path = loggablePath((await headers()).get("x-unknown-path"));
  log.info("page.not_found", `404: no page at ${path}`, { path });
  return (
    <html lang="en">
      <body className="font-sans">
        <main className="mx-auto flex min-h-screen max-w-xl flex-col items-start justify-center gap-4 px-6">
          <p className="text-sm font-semibold text-brand-700">404</p>
          <h1 className="text-3xl font-bold text-ink">Oops! Page not found</h1>
          <Link href="/" className="font-semibold text-brand-700 underline">
            Return to Home
          </Link>
        </main>
        <LogNotFound />
      </body>
    </html>
  );
}
