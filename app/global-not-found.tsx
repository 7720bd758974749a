import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { log } from "@/lib/logging/logger";
import { inter } from "./fonts";
import { LogNotFound } from "./_components/log-not-found";
import "./globals.css";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

/** Every unmatched URL: the spec's English texts, since an unknown path names no market. */
export default async function GlobalNotFound() {
  // Rendered per request so the server log records each unknown path (set by proxy.ts).
  const path = (await headers()).get("x-unknown-path") ?? "(unknown)";
  log.info("page.not_found", `404: no page at ${path}`, { path });
  return (
    <html lang="en" className={inter.variable}>
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
