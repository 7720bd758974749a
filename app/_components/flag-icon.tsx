import { MARKET_BY_CODE, type FlagShape, type Market } from "@/lib/markets/markets";

/**
 * Small inline flags, drawn from the markets' declaration: emoji flags render as letters on many desktops, and an
 * image would cost a request.
 */
export function FlagIcon({ market }: { market: Market }) {
  return (
    <svg width={28} height={20} viewBox="0 0 28 20" aria-hidden>
      {MARKET_BY_CODE[market].flag.map((part, i) => (
        <FlagPart key={i} part={part} />
      ))}
    </svg>
  );
}

function FlagPart({ part }: { part: FlagShape }) {
  // Only the attributes the shape declares (a rect at the origin has no x or y).
  const { shape, ...attributes } = part;
  const Shape = shape;
  return <Shape {...attributes} />;
}
