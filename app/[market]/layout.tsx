import type { Metadata, Viewport } from "next";
import { VisualEditing } from "next-sanity/visual-editing";
import { draftMode } from "next/headers";
import { notFound } from "next/navigation";
import { getErrorPage } from "@/lib/content/landing-source";
import { contentBackend, readPublicEnv } from "@/lib/env/env";
import { MARKETS, MARKET_LOCALES, isMarket } from "@/lib/markets/markets";
import { ErrorPageCopyProvider } from "../_components/error-page-copy";
import { inter } from "../fonts";
import "../globals.css";

export function generateStaticParams() {
  return MARKETS.map((market) => ({ market }));
}

export const metadata: Metadata = {
  robots: { index: true, follow: true },
};

export const viewport: Viewport = {
  themeColor: "#163c8a",
  width: "device-width",
  initialScale: 1,
};

/** Root layout per market, so `<html lang>` is es-MX, pt-BR or es-AR in the static HTML itself. */
export default async function MarketLayout({ children, params }: LayoutProps<"/[market]">) {
  const { market } = await params;
  if (!isMarket(market)) notFound();
  // The visual editing overlays (Sanity's Presentation tool), once per document and only in draft mode: they
  // also refresh the page as the document changes in the Studio.
  const visualEditing = contentBackend(readPublicEnv()) === "sanity" && (await draftMode()).isEnabled;
  // Read apart from the page's content, so the error screen speaks the market's language even when that failed.
  const errorPage = await getErrorPage(market);
  return (
    <html lang={MARKET_LOCALES[market]} className={inter.variable}>
      <body className="font-sans">
        <ErrorPageCopyProvider value={{ market, copy: errorPage }}>{children}</ErrorPageCopyProvider>
        {visualEditing ? <VisualEditing /> : null}
      </body>
    </html>
  );
}
