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
  fullNoticeLabel,
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

/**
 * Experiments that may be running (published, not stopped), for the proxy's assignment, the beacon and the contact
 * route: their page, planned end and each variant's key and weight. The oldest first: if the API ever published two
 * on one page (the Studio refuses it), the first one runs.
 */
export const RUNNING_EXPERIMENTS_QUERY = defineQuery(
  `*[_type == "experiment" && !defined(stoppedAt) && defined(page._ref)] | order(_createdAt asc, _id asc){
  _id,
  "key": key.current,
  "plannedEnd": coalesce(plannedEnd, null),
  "page": page->{ _type, market, "slug": slug.current },
  "variants": coalesce(variants[]{ "key": key.current, "weight": coalesce(weight, null) }, [])
}`,
);

/** One running experiment's variants with what each overrides, for the variant route, in the shape it validates. */
export const EXPERIMENT_VARIANTS_QUERY = defineQuery(
  `*[_type == "experiment" && key.current == $key && !defined(stoppedAt)] | order(_createdAt asc, _id asc)[0]{
  _id,
  "key": key.current,
  "page": page->{ _type, market, "slug": slug.current },
  "variants": coalesce(variants[]{
    "key": key.current,
    "hero": {
      "title": coalesce(hero.title, null),
      "body": coalesce(hero.body, null),
      "cta": coalesce(hero.cta, null),
      "defaultAmount": coalesce(hero.defaultAmount, null)
    },
    "benefits": coalesce(benefits{ title, cards[]{ _key, icon, claim, "claimNote": coalesce(claimNote, null), title, body } }, null),
    "sections": select(count(sections) > 0 => sections[]{ _key, _type, ${SECTION_PROJECTIONS} }, null)
  }, [])
}`,
);

/** Every experiment, running or stopped, for the results (names, pages, variants, splits). */
export const EXPERIMENTS_QUERY = defineQuery(
  `*[_type == "experiment" && defined(key.current)] | order(_createdAt desc, _id asc){
  _id,
  "key": key.current,
  name,
  "hypothesis": coalesce(hypothesis, null),
  "metric": coalesce(metric, "leadRate"),
  "plannedEnd": coalesce(plannedEnd, null),
  "stoppedAt": coalesce(stoppedAt, null),
  "shipped": coalesce(shipped, null),
  "conclusion": coalesce(conclusion, null),
  "example": coalesce(example, false),
  "page": page->{ _type, market, "slug": slug.current },
  "variants": coalesce(variants[]{ "key": key.current, name, "weight": coalesce(weight, null) }, [])
}`,
);

/** One market's conversion value table (USD per monthly volume range), which the ad platforms get with each conversion. */
export const CONVERSION_VALUES_QUERY = defineQuery(
  `*[_type == "landingPage" && market == $market][0].conversionValues`,
);
