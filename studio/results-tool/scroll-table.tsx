import type { ReactNode } from "react";

/**
 * A table wider than the pane (a phone) scrolls sideways inside this box. A shade at each edge with more columns
 * behind it says so: the covers scroll with the table (`local`) and hide the shade once that edge is reached. The box
 * is a named, focusable region, so the keyboard can scroll it too.
 */
const SCROLL_SHADES = [
  "linear-gradient(to right, var(--card-bg-color) 30%, transparent) left / 2.5em 100% no-repeat local",
  "linear-gradient(to left, var(--card-bg-color) 30%, transparent) right / 2.5em 100% no-repeat local",
  "radial-gradient(farthest-side at 0 50%, rgb(0 0 0 / 0.25), transparent) left / 14px 100% no-repeat scroll",
  "radial-gradient(farthest-side at 100% 50%, rgb(0 0 0 / 0.25), transparent) right / 14px 100% no-repeat scroll",
].join(", ");

export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: "auto", background: SCROLL_SHADES }}>
      {children}
    </div>
  );
}
