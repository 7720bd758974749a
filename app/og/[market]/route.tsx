import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { ImageResponse } from "next/og";
import { getLanding } from "@/lib/content/landing-source";
import { MARKETS, isMarket } from "@/lib/markets/markets";
import { OG_IMAGE_SIZE } from "@/lib/seo/social-image";

// Generated at build time per market and refreshed with the page (same content tags), never per request.
export const dynamic = "force-static";
export const dynamicParams = false;
export const revalidate = 3600;

export function generateStaticParams() {
  return MARKETS.map((market) => ({ market }));
}

// Local copies of the brand's typeface (Inter), drawn into the image: nothing is downloaded while rendering.
const font = (file: string) => readFile(join(process.cwd(), "assets/fonts", file));

/** A market's social preview image: its brand, highlight and headline, in the hero's colours. */
export async function GET(_request: Request, { params }: RouteContext<"/og/[market]">) {
  const { market } = await params;
  if (!isMarket(market)) return new Response("Not found", { status: 404 });
  const [content, extraBold, semiBold] = await Promise.all([
    getLanding(market),
    font("Inter-ExtraBold.otf"),
    font("Inter-SemiBold.otf"),
  ]);
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "72px 80px",
        color: "#ffffff",
        fontFamily: "Inter",
        backgroundImage: "linear-gradient(135deg, #0f2a5f 0%, #163c8a 55%, #1747ab 100%)",
      }}
    >
      <div style={{ display: "flex", flexDirection: "column", gap: 36 }}>
        <div
          style={{
            display: "flex",
            alignSelf: "flex-start",
            padding: "10px 26px",
            borderRadius: 999,
            fontSize: 30,
            fontWeight: 600,
            backgroundColor: "rgba(255,255,255,0.15)",
            border: "2px solid rgba(255,255,255,0.3)",
          }}
        >
          {content.hero.highlight}
        </div>
        <div
          style={{
            display: "flex",
            fontSize: 68,
            fontWeight: 800,
            lineHeight: 1.1,
            letterSpacing: -1.5,
            maxWidth: 1000,
          }}
        >
          {content.hero.title}
        </div>
      </div>
      <div style={{ display: "flex", fontSize: 36, fontWeight: 800, letterSpacing: -0.5 }}>{content.brandName}</div>
    </div>,
    {
      ...OG_IMAGE_SIZE,
      fonts: [
        { name: "Inter", data: extraBold, weight: 800, style: "normal" },
        { name: "Inter", data: semiBold, weight: 600, style: "normal" },
      ],
    },
  );
}
