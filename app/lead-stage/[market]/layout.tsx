import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { MARKET_LOCALES, isMarket } from "@/lib/markets/markets";
import "../../globals.css";

// Sales' page, reached from the email only: never indexed, never followed, no pixel and no visit counted.
export const metadata: Metadata = { robots: { index: false, follow: false } };

export const viewport: Viewport = { themeColor: "#163c8a", width: "device-width", initialScale: 1 };

/** A root layout of its own, so `<html lang>` is the lead's market's (the path names it). */
export default async function StageLayout({ children, params }: LayoutProps<"/lead-stage/[market]">) {
  const { market } = await params;
  if (!isMarket(market)) notFound();
  return (
    <html lang={MARKET_LOCALES[market]}>
      <body className="bg-slate-50 font-sans text-ink">{children}</body>
    </html>
  );
}
