import { nextMarket, type Market } from "@/lib/markets/markets";
import type { LandingContent } from "@/lib/content/landing-content";
import { FlagIcon } from "./flag-icon";

type Props = { market: Market; brandName: string; header: LandingContent["header"] };

export function SiteHeader({ market, brandName, header }: Props) {
  return (
    <header className="site-header">
      <div className="page-width flex h-16 items-center justify-between gap-4">
        <span className="text-lg font-bold tracking-tight text-brand-800">{brandName}</span>
        <div className="flex items-center gap-3">
          {/* A plain link: each market is its own root layout, so this is a full page load anyway, and a
              next/link would prefetch the other market's page during this one's load (measured as blocking time). */}
          <a
            href={`/${nextMarket(market)}`}
            aria-label={header.flagLabel}
            title={header.flagLabel}
            className="icon-button"
            data-testid="flag-link"
          >
            <FlagIcon market={market} />
          </a>
          <a href="#contact-form" className="button-primary">
            {header.contactButton}
          </a>
        </div>
      </div>
    </header>
  );
}
