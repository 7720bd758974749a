import type { MetadataRoute } from "next";
import { readPublicEnv } from "@/lib/env/env";

export default function robots(): MetadataRoute.Robots {
  const siteUrl = readPublicEnv().NEXT_PUBLIC_SITE_URL;
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/studio", "/api/"] },
    sitemap: new URL("/sitemap.xml", siteUrl).toString(),
  };
}
