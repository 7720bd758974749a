import { defineQuery } from "next-sanity";
import { SECTION_PROJECTIONS } from "../../sections/section-types";
import { CONTACT_PROJECTION } from "./contact-content";

// Projections keep each field's document name, so a problem the contract finds maps back to the field a marketer
// edits (landing-document-rules.ts); absent optional fields become null and absent lists empty.

/** One market's landing page, in the exact shape the page renders (validated by landing-content.ts). */
export const LANDING_QUERY = defineQuery(`*[_type == "landingPage" && market == $market][0]{
  _id,
  market,
  locale,
  currency,
  defaultPhonePrefix,
  brandName,
  seo{ title, description, "ogImage": coalesce(ogImage, null) },
  header{ flagLabel, contactButton },
  company{ legalName, taxIdLabel, taxId, address{ streetAddress, postalCode, addressLocality, addressRegion }, email },
  hero{
    title,
    highlight,
    highlightNote,
    body,
    cta,
    estimate{
      title,
      amountLabel,
      defaultAmount,
      usdRate,
      bankLabel,
      feeLabel,
      fxMarginLabel,
      intermediaryLabel,
      totalLabel,
      bank{ feeUsd, fxMarginPercent, intermediaryUsd },
      ours{ feeUsd, fxMarginPercent, intermediaryUsd },
      savingLabel,
      savingShare,
      note
    }
  },
  benefits{ title, cards[]{ _key, icon, claim, "claimNote": coalesce(claimNote, null), title, body } },
  "sections": coalesce(sections[]{ _key, _type, ${SECTION_PROJECTIONS} }, []),
  contact{ ${CONTACT_PROJECTION} },
  "followUp": coalesce(followUp, null),
  footer{ tagline, copyrightYear, rights, disclosure }
}`);

/** The words of a market's error screen, read on their own so the screen still speaks the market's language when
 * the rest of its landing document is what failed. */
export const ERROR_PAGE_QUERY = defineQuery(
  `*[_type == "landingPage" && market == $market][0].errorPage{ message, homeLink }`,
);

/** One market's privacy notice and tracking-consent copy (validated by privacy-notice.ts). */
export const PRIVACY_NOTICE_QUERY = defineQuery(`*[_type == "privacyNotice" && market == $market][0]{
  _id,
  market,
  locale,
  title,
  updatedAt,
  updatedLabel,
  body,
  closeLabel,
  detailsTitle,
  legalName,
  legalNameLabel,
  address,
  addressLabel,
  privacyEmail,
  privacyEmailLabel,
  authority,
  authorityUrl,
  authorityLabel,
  formLine,
  formLinkLabel,
  footerLinkLabel,
  "askConsent": coalesce(askConsent, true),
  bannerLabel,
  bannerText,
  acceptLabel,
  rejectLabel,
  settingsLinkLabel,
  bannerGrantedNow,
  bannerDeniedNow
}`);

/**
 * Published campaign pages, one entry per market and slug, for routing, static generation and the sitemap. When two
 * share a market and slug (possible only through the API), the one created first is served: the order below puts it
 * first, and campaign-source.ts logs the clash.
 */
export const CAMPAIGN_SLUGS_QUERY = defineQuery(
  `*[_type == "campaignPage" && defined(market) && defined(slug.current)] | order(_createdAt asc, _id asc){ _id, market, "slug": slug.current, "indexed": coalesce(indexed, false) }`,
);

/** One campaign page's overrides by its id, in the shape campaign-content.ts validates. */
export const CAMPAIGN_PAGE_QUERY = defineQuery(`*[_type == "campaignPage" && _id == $id][0]{
  _id,
  market,
  "slug": slug.current,
  "indexed": coalesce(indexed, false),
  "hero": {
    "title": coalesce(hero.title, null),
    "body": coalesce(hero.body, null),
    "cta": coalesce(hero.cta, null),
    "defaultAmount": coalesce(hero.defaultAmount, null)
  },
  "benefits": coalesce(benefits{ title, cards[]{ _key, icon, claim, "claimNote": coalesce(claimNote, null), title, body } }, null),
  "sections": select(count(sections) > 0 => sections[]{ _key, _type, ${SECTION_PROJECTIONS} }, null),
  "preset": { "country": coalesce(preset.country, null), "reason": coalesce(preset.reason, null) },
  seo{ title, description, "ogImage": coalesce(ogImage, null) }
}`);
