import type { Metadata, Viewport } from "next";
import { draftMode } from "next/headers";
import { notFound } from "next/navigation";
import { getErrorPage } from "@/lib/content/landing-source";
import { getPrivacyNotice } from "@/lib/content/privacy-notice-source";
import { consentScope } from "@/lib/consent/tracking-consent";
import { contentBackend, readPublicEnv } from "@/lib/env/env";
import { MARKETS, MARKET_LOCALES, isMarket } from "@/lib/markets/markets";
import { AFTER_FIRST_SCREEN_ID } from "@/lib/page-scripts/page-elements";
import { ErrorPageCopyProvider } from "../_components/error-page-copy";
import { InlineScript } from "../_components/inline-script";
import { LazyVisualEditing } from "../_components/lazy-visual-editing";
import { VisitBeacon } from "../_components/visit-beacon";
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
  const preview = (await draftMode()).isEnabled;
  const visualEditing = contentBackend(readPublicEnv()) === "sanity" && preview;
  // Read apart from the page's content, so the error screen speaks the market's language even when that failed.
  const errorPage = await getErrorPage(market);
  // The same read the page makes: without it the page fails too, and its error screen asks nothing.
  const notice = await getPrivacyNotice(market, { preview }).catch(() => null);
  return (
    <html lang={MARKET_LOCALES[market]}>
      <head>
        {/* The first frame waits for the whole first screen (browsers without rel=expect ignore it; a page without
            the element renders once parsed). */}
        <link rel="expect" href={`#${AFTER_FIRST_SCREEN_ID}`} {...{ blocking: "render" }} />
        {/* After the stylesheet: the tracking banner is open or not before the body is parsed, so in the first frame. */}
        {notice ? <InlineScript script="head" scope={consentScope(market, notice)} /> : null}
      </head>
      <body className="font-sans">
        <ErrorPageCopyProvider value={{ market, copy: errorPage }}>{children}</ErrorPageCopyProvider>
        {visualEditing ? <LazyVisualEditing /> : <VisitBeacon />}
      </body>
    </html>
  );
}
