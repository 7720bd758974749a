import type { LandingContent } from "@/lib/content/landing-content";

export function SiteFooter({ brandName, footer }: { brandName: string; footer: LandingContent["footer"] }) {
  return (
    <footer className="bg-brand-900 text-blue-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="font-semibold text-white">{footer.tagline}</p>
        <p className="text-sm">
          © {footer.copyrightYear} {brandName}. {footer.rights}
        </p>
      </div>
    </footer>
  );
}
