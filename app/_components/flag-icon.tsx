import type { Market } from "@/lib/markets/markets";

/** Small inline flags: emoji flags render as letters on many desktops, and an image would cost a request. */
export function FlagIcon({ market }: { market: Market }) {
  const common = { width: 28, height: 20, viewBox: "0 0 28 20", "aria-hidden": true, focusable: false } as const;
  switch (market) {
    case "mx":
      return (
        <svg {...common}>
          <rect width="28" height="20" fill="#fff" />
          <rect width="9.33" height="20" fill="#006847" />
          <rect x="18.67" width="9.33" height="20" fill="#ce1126" />
          <circle cx="14" cy="10" r="2.6" fill="#8c6a2f" />
        </svg>
      );
    case "br":
      return (
        <svg {...common}>
          <rect width="28" height="20" fill="#009c3b" />
          <path d="M14 2.5 25.5 10 14 17.5 2.5 10Z" fill="#ffdf00" />
          <circle cx="14" cy="10" r="4.3" fill="#002776" />
        </svg>
      );
    case "ar":
      return (
        <svg {...common}>
          <rect width="28" height="20" fill="#74acdf" />
          <rect y="6.67" width="28" height="6.67" fill="#fff" />
          <circle cx="14" cy="10" r="2.2" fill="#f6b40e" />
        </svg>
      );
  }
}
