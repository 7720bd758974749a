import { draftMode } from "next/headers";
import type { Market } from "@/lib/markets/markets";

/**
 * Only in draft mode: a bar saying this is a preview, with a way out (the visual editing overlays are mounted once,
 * in the market layout). Renders nothing for visitors.
 */
export async function DraftModeTools({ market }: { market: Market }) {
  if (!(await draftMode()).isEnabled) return null;
  return (
    <aside
      aria-label="Preview"
      className="sticky top-0 z-30 flex items-center justify-center gap-4 bg-amber-300 px-4 py-2 text-sm font-semibold text-ink"
    >
      <span>Preview: you are seeing unpublished drafts.</span>
      {/* A form POST (never a link another site could trigger), so the route handler can clear the draft cookies. */}
      <form method="post" action="/api/draft-mode/disable">
        <input type="hidden" name="redirect" value={`/${market}`} />
        <button type="submit" className="cursor-pointer underline">
          Exit preview
        </button>
      </form>
    </aside>
  );
}
