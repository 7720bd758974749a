import type { ReactNode } from "react";
import type { LandingContent } from "@/lib/content/landing-content";
import { MARKET_BY_CODE, type AddressField, type Market } from "@/lib/markets/markets";

type Props = {
  market: Market;
  brandName: string;
  company: LandingContent["company"];
  footer: LandingContent["footer"];
  links?: ReactNode;
};

/**
 * An address the way the market writes it (its declared format): São Paulo – SP, 04538-133 in Brazil; 06600 Ciudad de
 * México, CDMX in Mexico.
 */
export function formatAddress(market: Market, address: LandingContent["company"]["address"]): string {
  return MARKET_BY_CODE[market].addressFormat.replace(/\{(\w+)\}/g, (_, field: AddressField) => address[field]);
}

export function SiteFooter({ market, brandName, company, footer, links }: Props) {
  return (
    <footer className="bg-brand-900 text-blue-50">
      <div className="page-width band-row gap-2 pt-10 pb-6">
        <p className="font-semibold text-white">{footer.tagline}</p>
        <p className="text-sm">
          © {footer.copyrightYear} {brandName}. {footer.rights}
        </p>
      </div>
      <div className="page-width pb-6 text-sm">
        <div className="space-y-1 border-t border-white/15 pt-6">
          <p>
            <span className="font-semibold text-white">{company.legalName}</span> · {company.taxIdLabel} {company.taxId}
          </p>
          <address className="not-italic">{formatAddress(market, company.address)}</address>
          <p className="pt-2 text-xs leading-relaxed text-blue-100">{footer.disclosure}</p>
        </div>
      </div>
      {links ? <div className="page-width pb-10">{links}</div> : null}
    </footer>
  );
}
