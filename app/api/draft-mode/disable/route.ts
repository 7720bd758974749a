import { cookies, draftMode } from "next/headers";
import { fromOwnPage } from "@/lib/contact/handle-contact";
import { ownHostHeader } from "@/lib/env/env";
import { serverEnv } from "@/lib/env/server-env";
import { DRAFT_SESSION_COOKIE } from "@/lib/preview/draft-session";
import { safeRedirectPath } from "@/lib/preview/safe-redirect";

const NO_STORE = { "cache-control": "no-store" };

/** The form fields this route reads, at most: a path. */
const MAX_FORM_BYTES = 2048;

/**
 * Leaves draft preview and returns to the published page: a POST from the preview bar's form on our own pages (an
 * Origin header of this site), so no other site can end an editor's preview by linking or framing it. The answer is a
 * 303 to the path the form names, on this site only.
 */
export async function POST(request: Request) {
  const env = serverEnv();
  if (!fromOwnPage(request, { siteUrl: env.NEXT_PUBLIC_SITE_URL, hostHeader: ownHostHeader(env) }))
    return new Response("Leaving the preview is a form on this site's own pages", { status: 403, headers: NO_STORE });
  const text = await request.text();
  const form = new URLSearchParams(text.length <= MAX_FORM_BYTES ? text : "");
  (await draftMode()).disable();
  (await cookies()).delete(DRAFT_SESSION_COOKIE);
  const target = safeRedirectPath(form.get("redirect") ?? new URL(request.url).searchParams.get("redirect"));
  return new Response(null, { status: 303, headers: { ...NO_STORE, location: target } });
}

export function GET() {
  return new Response("Use the preview bar's Exit preview button (POST)", {
    status: 405,
    headers: { ...NO_STORE, allow: "POST" },
  });
}
