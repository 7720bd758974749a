import { noticeDocumentHtml } from "@/lib/content/privacy-notice-html";
import { getPrivacyNotice } from "@/lib/content/privacy-notice-source";
import { MARKETS, isMarket } from "@/lib/markets/markets";

// Generated at build time per market and refreshed with the page (the notice's content tags), never per request.
export const dynamic = "force-static";
export const dynamicParams = false;
export const revalidate = 3600;

export function generateStaticParams() {
  return MARKETS.map((market) => ({ market }));
}

/**
 * A market's privacy notice as a page of its own. The landing page carries only the notice's title and links: its
 * dialog loads the text from here when it opens (lib/page-scripts/privacy-notice-dialog.ts), and a reader without
 * JavaScript follows the dialog's link here.
 */
export async function GET(_request: Request, { params }: RouteContext<"/api/privacy-notice/[market]">) {
  const { market } = await params;
  if (!isMarket(market)) return new Response("Not found", { status: 404 });
  const notice = await getPrivacyNotice(market);
  return new Response(noticeDocumentHtml(notice, `/${market}`), {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}
