import type { Metadata } from "next";
import { stegaClean } from "next-sanity";
import { draftMode } from "next/headers";
import { notFound, unstable_rethrow } from "next/navigation";
import { cache } from "react";
import { getLanding } from "@/lib/content/landing-source";
import { getPrivacyNotice } from "@/lib/content/privacy-notice-source";
import { sanityImageProject } from "@/lib/content/content-images";
import { asksConsent } from "@/lib/consent/tracking-consent";
import { readPublicEnv } from "@/lib/env/env";
import { isMarket, MARKET_LOCALES, type Market } from "@/lib/markets/markets";
import { hreflangAlternates, marketUrl } from "@/lib/markets/site-urls";
import { socialImage } from "@/lib/seo/social-image";
import { jsonLdScript, pageJsonLd } from "@/lib/seo/structured-data";
import { BenefitsSection } from "../_components/benefits-section";
import { CampaignTouchScript } from "../_components/campaign-touch-script";
import { ConsentBanner } from "../_components/consent-banner";
import { ContactSection } from "../_components/contact-section";
import { DraftModeTools } from "../_components/draft-mode-tools";
import { ERROR_TITLE } from "../_components/error-fallback";
import { HeroSection } from "../_components/hero-section";
import { InitiateCheckout } from "../_components/initiate-checkout";
import { MetaPixel } from "../_components/meta-pixel";
import { PrivacyFooterLinks, PrivacyFormLine, PrivacyNotice } from "../_components/privacy-notice";
import { PageSections } from "../_components/sections/page-sections";
import { SiteFooter } from "../_components/site-footer";
import { SiteHeader } from "../_components/site-header";

// Statically generated at build time; webhook revalidation refreshes it, this is the safety net.
export const revalidate = 3600;

// Metadata and page render in the same request: one content read (and validation) serves both.
const landingFor = cache((market: Market, preview: boolean) => getLanding(market, { preview }));

async function load(params: Promise<{ market: string }>) {
  const { market } = await params;
  if (!isMarket(market)) notFound();
  const { isEnabled: preview } = await draftMode();
  return { market, preview, content: await landingFor(market, preview) };
}

export async function generateMetadata({ params }: PageProps<"/[market]">): Promise<Metadata> {
  let loaded: Awaited<ReturnType<typeof load>>;
  try {
    loaded = await load(params);
  } catch (error) {
    // Not found stays not found; a content failure fails the page too, which shows the error screen, and that
    // document still needs a title.
    unstable_rethrow(error);
    return { title: ERROR_TITLE, robots: { index: false } };
  }
  const { market, content } = loaded;
  const env = readPublicEnv();
  const siteUrl = env.NEXT_PUBLIC_SITE_URL;
  // Draft previews carry invisible visual-editing markers in copy; the <head> and link previews must not.
  const { brandName, seo } = stegaClean({ brandName: content.brandName, seo: content.seo });
  const image = socialImage(market, seo.ogImage, sanityImageProject(env));
  return {
    metadataBase: new URL(siteUrl),
    title: seo.title,
    description: seo.description,
    alternates: { canonical: marketUrl(siteUrl, market), languages: hreflangAlternates(siteUrl) },
    openGraph: {
      type: "website",
      url: marketUrl(siteUrl, market),
      siteName: brandName,
      title: seo.title,
      description: seo.description,
      locale: MARKET_LOCALES[market].replace("-", "_"),
      images: [{ ...image, alt: seo.title }],
    },
    twitter: {
      card: "summary_large_image",
      title: seo.title,
      description: seo.description,
      images: [{ url: image.url, alt: seo.title }],
    },
  };
}

export default async function LandingPage({ params }: PageProps<"/[market]">) {
  const { market, preview, content } = await load(params);
  const notice = await getPrivacyNotice(market, { preview });
  const env = readPublicEnv();
  const pixelId = env.NEXT_PUBLIC_META_PIXEL_ID;
  // Asked wherever the market asks first and a conversion can be reported (pixel or server): the rule the contact
  // route applies to the consent a lead records.
  const consentAsked = asksConsent(notice.askConsent);
  const scope = { market, version: notice.updatedAt, ask: consentAsked };
  const clean = stegaClean(content);
  const jsonLd = pageJsonLd(
    clean,
    market,
    env.NEXT_PUBLIC_SITE_URL,
    socialImage(market, clean.seo.ogImage, sanityImageProject(env)).url,
  );
  return (
    <>
      {/* Data for search engines, not a script the browser runs. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(jsonLd) }} />
      {consentAsked ? (
        <ConsentBanner
          scope={scope}
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
      <SiteHeader market={market} brandName={content.brandName} header={content.header} />
      <main>
        <HeroSection
          hero={content.hero}
          brandName={content.brandName}
          locale={content.locale}
          currency={content.currency}
        />
        {/* The hero's claim is footnote 1; the cards' footnotes continue from 2. */}
        <BenefitsSection benefits={content.benefits} firstNote={2} />
        <PageSections sections={content.sections} company={content.company} />
        <ContactSection
          market={market}
          content={content}
          consent={scope}
          formNote={<PrivacyFormLine notice={notice} />}
        />
      </main>
      <SiteFooter
        market={market}
        brandName={content.brandName}
        company={content.company}
        footer={content.footer}
        links={<PrivacyFooterLinks notice={notice} consentAsked={consentAsked} />}
      />
      <PrivacyNotice notice={notice} />
      {/* After everything visible: an inline script waits for the stylesheet, and the parser with it, so placed
          before the header it made the first frame paint a half-parsed header that then moved (a layout shift). They
          still run before the load event and hydration, when InitiateCheckout fires. */}
      <CampaignTouchScript scope={scope} />
      {pixelId ? <MetaPixel pixelId={pixelId} scope={scope} /> : null}
      <InitiateCheckout scope={scope} />
    </>
  );
}
