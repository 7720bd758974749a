import { NextResponse, type NextRequest } from "next/server";

/**
 * Hands the 404 page the path it is answering, which it logs once to the server log. Runs for paths no route
 * serves (the first matcher: landing pages, their social images, the Studio, the API and assets never pass through
 * here) and for any request that brings its own x-unknown-path, which is overwritten with the real path, so the
 * log never carries a value the client chose.
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set("x-unknown-path", request.nextUrl.pathname);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: [
    "/((?!(?:mx|br|ar|og|studio|api|_next)(?:/|$)|favicon\\.ico$|robots\\.txt$|sitemap\\.xml$|icon\\.svg$).+)",
    { source: "/:path*", has: [{ type: "header", key: "x-unknown-path" }] },
  ],
};
