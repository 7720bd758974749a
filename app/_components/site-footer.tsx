import type { ReactNode } from "react";
import type { LandingContent } from "@/lib/content/landing-content";

export function SiteFooter({ brandName, footer, links }: { brandName: string; footer: LandingContent["footer"]; links?: ReactNode }) {
  return (
    <footer className="bg-brand-900 text-blue-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="font-semibold text-white">{footer.tagline}</p>
        <p className="text-sm">
          © {footer.copyrightYear} {brandName}. {footer.rights}
        </p>
      </div>
      {links ? <div className="mx-auto max-w-6xl px-4 pb-10 sm:px-6">{links}</div> : null}
    </footer>
  );
}
