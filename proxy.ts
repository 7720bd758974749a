import { NextResponse, type NextRequest } from "next/server";

/**
 * Runs only for paths no route serves (see the matcher) and hands the path to the 404 page, which logs it once
 * to the server log. Landing pages, their social images, the Studio, the API and assets never pass through here.
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set("x-unknown-path", request.nextUrl.pathname);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/((?!(?:mx|br|ar|og|studio|api|_next)(?:/|$)|favicon\\.ico$|robots\\.txt$|sitemap\\.xml$|icon\\.svg$).+)"],
};
