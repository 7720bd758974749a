import { draftMode } from "next/headers";
import { redirect } from "next/navigation";
import { safeRedirectPath } from "@/lib/preview/safe-redirect";

/** Leaves draft preview and returns to the published page. */
export async function GET(request: Request) {
  (await draftMode()).disable();
  redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirect")));
}
