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
      {/* A full navigation, so the route handler can clear the draft cookie. */}
      <a href={`/api/draft-mode/disable?redirect=/${market}`} className="underline">
        Exit preview
      </a>
    </aside>
  );
}
