import { MARKET_BY_CODE, type FlagShape, type Market } from "@/lib/markets/markets";

/**
 * Small inline flags, drawn from the markets' declaration: emoji flags render as letters on many desktops, and an
 * image would cost a request.
 */
export function FlagIcon({ market }: { market: Market }) {
  return (
    <svg width={28} height={20} viewBox="0 0 28 20" aria-hidden focusable={false}>
      {MARKET_BY_CODE[market].flag.map((part, i) => (
        <FlagPart key={i} part={part} />
      ))}
    </svg>
  );
}

function FlagPart({ part }: { part: FlagShape }) {
  switch (part.shape) {
    case "rect":
      return <rect x={part.x} y={part.y} width={part.width} height={part.height} fill={part.fill} />;
    case "circle":
      return <circle cx={part.cx} cy={part.cy} r={part.r} fill={part.fill} />;
    case "path":
      return <path d={part.d} fill={part.fill} />;
  }
}
