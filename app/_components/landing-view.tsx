import { stegaClean } from "next-sanity";
import type { FormPreset } from "@/lib/campaign/campaign-content";
import { sanityImageProject } from "@/lib/content/content-images";
import type { LandingContent } from "@/lib/content/landing-content";
import { getPrivacyNotice } from "@/lib/content/privacy-notice-source";
import { consentScope } from "@/lib/consent/tracking-consent";
import { readPublicEnv } from "@/lib/env/env";
import type { Market } from "@/lib/markets/markets";
import { socialImage } from "@/lib/seo/social-image";
import { jsonLdScript, pageJsonLd } from "@/lib/seo/structured-data";
import { Benefits } from "./benefits";
import { ConsentBanner } from "./consent-banner";
import { Contact } from "./contact";
import { DraftModeTools } from "./draft-mode-tools";
import { Hero } from "./hero";
import { InlineScript } from "./inline-script";
import { MetaPixel } from "./meta-pixel";
import { PrivacyFooterLinks, PrivacyFormLine, PrivacyNotice } from "./privacy-notice";
import { PageSections } from "./sections/page-sections";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import {
  StaticBenefits,
  StaticConsentBanner,
  StaticPageSections,
  StaticSiteFooter,
  StaticSiteHeader,
} from "./static-parts";

type Props = {
  market: Market;
  preview: boolean;
  content: LandingContent;
  /** The campaign page's slug, which a lead sent from it records; absent on the market's page. */
  page?: string;
  preset?: FormPreset;
};

/** A landing page in the spec's order: a market's page, or a campaign page (its content merged over the market's). */
export async function LandingView({ market, preview, content, page, preset }: Props) {
  const notice = await getPrivacyNotice(market, { preview });
  const env = readPublicEnv();
  const pixelId = env.NEXT_PUBLIC_META_PIXEL_ID;
  // Asked wherever the market asks first and a conversion can be reported (pixel or server): the rule the contact
  // route applies to the consent a lead records.
  const scope = consentScope(market, notice);
  const consentAsked = scope.ask;
  const clean = stegaClean(content);
  const jsonLd = pageJsonLd(
    clean,
    market,
    env.NEXT_PUBLIC_SITE_URL,
    socialImage(market, clean.seo.ogImage, sanityImageProject(env)).url,
  );
  // The parts without React's interactivity are markup only (static-parts.tsx), but in draft mode, where the Studio's
  // edits re-render them in place.
  const Parts = preview
    ? {
        Banner: ConsentBanner,
        Header: SiteHeader,
        Benefits,
        Sections: PageSections,
        Footer: SiteFooter,
      }
    : {
        Banner: StaticConsentBanner,
        Header: StaticSiteHeader,
        Benefits: StaticBenefits,
        Sections: StaticPageSections,
        Footer: StaticSiteFooter,
      };
  return (
    <>
      {/* Data for search engines, not a script the browser runs. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(jsonLd) }} />
      {consentAsked ? (
        <Parts.Banner
          copy={{
            label: notice.bannerLabel,
            text: notice.bannerText,
            accept: notice.acceptLabel,
            reject: notice.rejectLabel,
            noticeLink: notice.footerLinkLabel,
            grantedNow: notice.bannerGrantedNow,
            deniedNow: notice.bannerDeniedNow,
          }}
        />
      ) : null}
      <DraftModeTools market={market} />
      <Parts.Header market={market} brandName={content.brandName} header={content.header} />
      <main>
        <Hero hero={content.hero} brandName={content.brandName} locale={content.locale} currency={content.currency} />
        {/* The hero's claim is footnote 1; the cards' footnotes continue from 2. */}
        <Parts.Benefits benefits={content.benefits} firstNote={2} />
        <Parts.Sections sections={content.sections} company={content.company} />
        <Contact
          market={market}
          content={content}
          consent={scope}
          page={page}
          preset={preset}
          formNote={<PrivacyFormLine notice={notice} />}
        />
      </main>
      <Parts.Footer
        market={market}
        brandName={content.brandName}
        company={content.company}
        footer={content.footer}
        links={<PrivacyFooterLinks notice={notice} consentAsked={consentAsked} />}
      />
      <PrivacyNotice notice={notice} market={market} preview={preview} />
      {/* After everything visible: an inline script waits for the stylesheet, and the parser with it, so placed
          before the header it made the first frame paint a half-parsed header that then moved (a layout shift). They
          still run before the load event and long before hydration: the page script keeps the campaign touch, fires
          InitiateCheckout to the pixel defined just before it, and answers the banner (see the file). */}
      {pixelId ? <MetaPixel pixelId={pixelId} scope={scope} /> : null}
      <InlineScript script="page" scope={scope} />
    </>
  );
}
